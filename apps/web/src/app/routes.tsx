import { Suspense, type ReactNode } from 'react';
import { matchPath, Navigate, type RouteObject } from 'react-router';

import type { LayoutDef, PageName, PagesMap } from '../lib/routing/layout-contract.ts';
import { lazyPages } from '../lib/routing/lazy-pages.ts';
import { PATHS } from '../lib/routing/paths.ts';
import { CallbackPage } from './auth/callback-page.tsx';
import { Guard, type Access } from './guard.tsx';
import { enterPage } from './route-data.ts';
import { RouteBoundary } from './route-error.tsx';

/**
 * One set of lazy pages per layout's loaders (a rebuilt route table keeps its pages). A page entered before its chunk
 * arrived starts its data at once (app/route-data.ts). Made here, in the shell, rather than in the layout chunks: a
 * layout chunk importing route-data made the bundler split the entry into one more shared chunk (+1.7 KB brotli).
 */
const pagesOf = new WeakMap<LayoutDef['pageLoaders'], PagesMap>();
function pagesFor(loaders: LayoutDef['pageLoaders']): PagesMap {
  let pages = pagesOf.get(loaders);
  if (!pages) pagesOf.set(loaders, (pages = lazyPages(loaders, enterPage)));
  return pages;
}

/** Route table of docs/product.md §2: path, page and who may open it. */
const TABLE: Array<{ path: string; page: PageName; access: Access; id?: string }> = [
  { path: PATHS.home, page: 'home', access: 'publicMode' },
  { path: PATHS.allAppsPublic, page: 'allAppsPublic', access: 'publicMode' },
  { path: PATHS.apps, page: 'apps', access: 'apps', id: 'apps' },
  { path: PATHS.allApps, page: 'allApps', access: 'auth' },
  { path: PATHS.todo, page: 'todo', access: 'auth' },
  { path: PATHS.apply, page: 'apply', access: 'auth' },
  { path: PATHS.doing, page: 'doing', access: 'auth' },
  { path: PATHS.done, page: 'done', access: 'auth' },
  { path: PATHS.flowCc, page: 'flowCc', access: 'auth' },
  { path: PATHS.favorite, page: 'favorite', access: 'auth' },
  { path: PATHS.detail, page: 'detail', access: 'auth' },
  { path: PATHS.guide, page: 'guide', access: 'auth' },
  { path: PATHS.delegations, page: 'delegations', access: 'auth' },
  { path: PATHS.about, page: 'about', access: 'auth' },
  { path: PATHS.notifications, page: 'notifications', access: 'auth' },
  { path: PATHS.manage, page: 'manage', access: 'auth' },
  { path: PATHS.search, page: 'search', access: 'auth' },
  { path: PATHS.admin, page: 'admin', access: 'auth' },
];

/** The page a router path shows ('/' redirects to the apps page); null for the callback and unknown paths. */
export function pageAt(path: string): PageName | null {
  if (path === PATHS.root) return 'apps';
  return TABLE.find((r) => matchPath(r.path, path))?.page ?? null;
}

/** Builds the route objects for one layout. */
export function buildRoutes(layout: LayoutDef): RouteObject[] {
  const { Shell, Fallback } = layout;
  const pages = pagesFor(layout.pageLoaders);
  const wrap = (access: Access, node: ReactNode) => (
    <Guard access={access}>
      <Suspense fallback={<Fallback />}>{node}</Suspense>
    </Guard>
  );
  return [
    {
      path: PATHS.callback,
      element: (
        <RouteBoundary>
          <CallbackPage Fallback={Fallback} />
        </RouteBoundary>
      ),
    },
    { path: PATHS.signinError, element: <Navigate to={PATHS.root} replace /> },
    {
      element: (
        <RouteBoundary>
          <Shell />
        </RouteBoundary>
      ),
      // Every route has a translated error boundary; a page's own sits inside the Shell, so the chrome stays.
      children: [
        { path: PATHS.root, element: wrap('root', <Navigate to={PATHS.apps} replace />) },
        ...TABLE.map(({ path, page, access, id }) => {
          const Page = pages[page];
          return { id, path, element: <RouteBoundary>{wrap(access, <Page />)}</RouteBoundary> };
        }),
        { path: '*', element: <Navigate to={PATHS.apps} replace /> },
      ],
    },
  ];
}
