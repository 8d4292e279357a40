import { lazy } from 'react';
import type { PagesMap } from '../../lib/layout-contract.ts';

/** Mobile page for each route; every page is its own chunk. */
export const mobilePages: PagesMap = {
  home: lazy(() => import('../../features/apps/mobile/home-page.tsx')),
  appallHome: lazy(() => import('../../features/apps/mobile/appall-home-page.tsx')),
  apps: lazy(() => import('../../features/apps/mobile/index-page.tsx')),
  appall: lazy(() => import('../../features/apps/mobile/appall-page.tsx')),
  favorite: lazy(() => import('../../features/apps/mobile/favorite-page.tsx')),
  search: lazy(() => import('../../features/search/mobile/search-page.tsx')),
  guide: lazy(() => import('../../features/guide/mobile/guide-page.tsx')),
  apply: lazy(() => import('../../features/apply/mobile/apply-page.tsx')),
  todo: lazy(() => import('../../features/todo/mobile/todo-page.tsx')),
  doing: lazy(() => import('../../features/processes/mobile/doing-page.tsx')),
  done: lazy(() => import('../../features/processes/mobile/done-page.tsx')),
  flowCc: lazy(() => import('../../features/processes/mobile/cc-page.tsx')),
  manage: lazy(() => import('../../features/processes/mobile/manage-page.tsx')),
  detail: lazy(() => import('../../features/detail/mobile/detail-page.tsx')),
  entrust: lazy(() => import('../../features/entrust/mobile/entrust-page.tsx')),
  infos: lazy(() => import('../../features/infos/mobile/infos-page.tsx')),
  about: lazy(() => import('../../features/about/mobile/about-page.tsx')),
};
