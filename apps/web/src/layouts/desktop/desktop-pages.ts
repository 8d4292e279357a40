import { lazy } from 'react';
import type { PagesMap } from '../../lib/layout-contract.ts';

/** Desktop page for each route; every page is its own chunk. */
export const desktopPages: PagesMap = {
  home: lazy(() => import('../../features/apps/desktop/home-page.tsx')),
  appallHome: lazy(() => import('../../features/apps/desktop/appall-home-page.tsx')),
  apps: lazy(() => import('../../features/apps/desktop/index-page.tsx')),
  appall: lazy(() => import('../../features/apps/desktop/appall-page.tsx')),
  favorite: lazy(() => import('../../features/apps/desktop/favorite-page.tsx')),
  search: lazy(() => import('../../features/search/desktop/search-page.tsx')),
  guide: lazy(() => import('../../features/guide/desktop/guide-page.tsx')),
  apply: lazy(() => import('../../features/apply/desktop/apply-page.tsx')),
  todo: lazy(() => import('../../features/todo/desktop/todo-page.tsx')),
  doing: lazy(() => import('../../features/processes/desktop/doing-page.tsx')),
  done: lazy(() => import('../../features/processes/desktop/done-page.tsx')),
  flowCc: lazy(() => import('../../features/processes/desktop/cc-page.tsx')),
  manage: lazy(() => import('../../features/processes/desktop/manage-page.tsx')),
  detail: lazy(() => import('../../features/detail/desktop/detail-page.tsx')),
  entrust: lazy(() => import('../../features/entrust/desktop/entrust-page.tsx')),
  infos: lazy(() => import('../../features/infos/desktop/infos-page.tsx')),
  about: lazy(() => import('../../features/about/desktop/about-page.tsx')),
};
