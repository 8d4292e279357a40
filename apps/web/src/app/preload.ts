import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

import { bannerSources } from '../features/apps/logic/banners.ts';
import { desktopPageLoaders } from '../layouts/desktop/desktop-pages.ts';
import { mobilePageLoaders } from '../layouts/mobile/mobile-pages.ts';
import { authSession } from '../lib/auth/auth-session.ts';
import { profileQuery } from '../lib/auth/profile.ts';
import { device } from '../lib/config/device.ts';
import { pageTemplateQuery } from '../lib/config/page-template.ts';
import { ccUnreadCountQuery, todoCountQuery } from '../lib/domain/counts.ts';
import { withChunkRecovery } from '../lib/routing/chunk-recovery.ts';
import type { LayoutAppProps, PageName } from '../lib/routing/layout-contract.ts';
import { once } from '../lib/routing/lazy-pages.ts';
import { routeDataRequester } from './route-data.ts';
import { pageAt } from './routes.tsx';

type LayoutModule = { default: ComponentType<LayoutAppProps> };

// Separate chunks: a phone never downloads antd, a desktop never downloads antd-mobile. The phone build
// (vite.config.ts, mode phone) keeps only the phone's: the condition is written out so the bundler folds it and drops
// the desktop's imports (PHONE_BUILD from device.ts is not folded across modules).
const loadDesktop =
  import.meta.env.MODE === 'phone'
    ? null
    : once<LayoutModule>(withChunkRecovery(() => import('../layouts/desktop/desktop-app.tsx')));
const loadMobile = once<LayoutModule>(withChunkRecovery(() => import('../layouts/mobile/mobile-app.tsx')));

/** The layout chunk for this device (started at boot, so it downloads while config.json is fetched). */
export function loadLayout(): Promise<LayoutModule> {
  return loadDesktop && !device().mobile ? loadDesktop() : loadMobile();
}

/** The page the address shows, taken from the first `/workflow/` on (the base path may not be known yet). */
export function routePage(pathname: string = window.location.pathname): PageName | null {
  const at = pathname.indexOf('/workflow/');
  return pageAt(at >= 0 ? pathname.slice(at) : '/');
}

/**
 * Starts the chunk of the page the address shows, in parallel with the layout's, instead of after the layout
 * rendered the router. Runs before config.json names the base path, so the router path is taken from the first
 * `/workflow/` on; a wrong guess only costs a download.
 */
export function preloadPage(pathname: string = window.location.pathname): Promise<unknown> {
  const page = routePage(pathname);
  if (!page) return Promise.resolve();
  const loaders = import.meta.env.MODE === 'phone' || device().mobile ? mobilePageLoaders : desktopPageLoaders;
  return loaders[page]().catch(() => undefined);
}

/**
 * Requests what every signed-in first screen shows (page template and its first banner image, profile, the to-do
 * count; on desktop the unread count too) as soon as the token is known, instead of after the layout and page chunks rendered.
 */
export function prefetchFirstData(qc: QueryClient): void {
  if (!authSession().isSignedIn()) return;
  // The first banner is the largest paint of a home page: fetch it while the page's code still runs.
  void qc.fetchQuery(pageTemplateQuery()).then(
    (t) => {
      const home = routePage() === 'apps' || routePage() === 'home';
      if (home && t.sections.includes('banner')) new Image().src = bannerSources(t.images)[0]!;
    },
    () => undefined,
  );
  void qc.prefetchQuery(profileQuery());
  void qc.prefetchQuery(todoCountQuery());
  if (!device().mobile) void qc.prefetchQuery(ccUnreadCountQuery());
}

/**
 * Data of the page the address shows that its code would request only after running (app/route-data.ts). Call it at
 * boot, before the layout's chunks are requested (HTTP/1.1 would queue this small chunk behind them); the returned
 * function requests the data once the session is known.
 */
export function prefetchRouteData(): (qc: QueryClient) => void {
  return routeDataRequester(routePage());
}
