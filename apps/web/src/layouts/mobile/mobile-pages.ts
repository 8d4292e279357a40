import { pageLoaders } from '../../lib/routing/lazy-pages.ts';

/** Mobile page for each route; every page is its own chunk (app/preload.ts starts the first one early). */
export const mobilePageLoaders = pageLoaders({
  home: () => import('../../features/apps/mobile/home-page.tsx'),
  allAppsPublic: () => import('../../features/apps/mobile/all-apps-public-page.tsx'),
  apps: () => import('../../features/apps/mobile/index-page.tsx'),
  allApps: () => import('../../features/apps/mobile/all-apps-page.tsx'),
  favorite: () => import('../../features/apps/mobile/favorite-page.tsx'),
  search: () => import('../../features/search/mobile/search-page.tsx'),
  guide: () => import('../../features/guide/mobile/guide-page.tsx'),
  apply: () => import('../../features/apply/mobile/apply-page.tsx'),
  todo: () => import('../../features/todo/mobile/todo-page.tsx'),
  doing: () => import('../../features/processes/mobile/doing-page.tsx'),
  done: () => import('../../features/processes/mobile/done-page.tsx'),
  flowCc: () => import('../../features/processes/mobile/cc-page.tsx'),
  manage: () => import('../../features/processes/mobile/manage-page.tsx'),
  detail: () => import('../../features/detail/mobile/detail-page.tsx'),
  delegations: () => import('../../features/delegations/mobile/delegations-page.tsx'),
  notifications: () => import('../../features/notifications/mobile/notifications-page.tsx'),
  about: () => import('../../features/about/mobile/about-page.tsx'),
  admin: () => import('../../features/admin/mobile-notice.tsx'),
});
