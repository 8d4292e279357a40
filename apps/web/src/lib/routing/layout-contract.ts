import type { ComponentType, ReactElement } from 'react';

import type { Loader } from './lazy-pages.ts';

/** Pages each layout supplies for the shared route table (app/routes.ts). */
export type PageName =
  | 'home'
  | 'allAppsPublic'
  | 'apps'
  | 'allApps'
  | 'todo'
  | 'apply'
  | 'doing'
  | 'done'
  | 'flowCc'
  | 'favorite'
  | 'detail'
  | 'guide'
  | 'delegations'
  | 'about'
  | 'notifications'
  | 'manage'
  | 'search'
  | 'admin';

export type PagesMap = Record<PageName, ComponentType>;

/** How each page's chunk is loaded; the same loaders serve React.lazy and the early preload at boot. */
export type PageLoaders = Record<PageName, () => Promise<{ default: ComponentType }>>;

export interface LayoutDef {
  /** Chrome around every page; renders <Outlet/>. */
  Shell: ComponentType;
  /** Each page's chunk, loaded once (lib/routing/lazy-pages.ts `pageLoaders`); the shell makes the lazy pages. */
  pageLoaders: Record<PageName, Loader<{ default: ComponentType }>>;
  /** Shown while a lazy page loads. */
  Fallback: ComponentType;
}

/** The router with the layout's routes, ready to render. */
export type AppRouter = ReactElement;

/** Props the app root passes to a lazily loaded layout module. */
export interface LayoutAppProps {
  buildRouter: (layout: LayoutDef) => AppRouter;
}
