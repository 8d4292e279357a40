import { pageLoaders } from '../../lib/routing/lazy-pages.ts';

/** Desktop page for each route; every page is its own chunk (app/preload.ts starts the first one early). */
// Pure: the phone build (app/preload.ts) imports this module without using it, and must drop every import below.
export const desktopPageLoaders = /* @__PURE__ */ pageLoaders({
  home: () => import('../../features/apps/desktop/home-page.tsx'),
  allAppsPublic: () => import('../../features/apps/desktop/all-apps-public-page.tsx'),
  apps: () => import('../../features/apps/desktop/index-page.tsx'),
  allApps: () => import('../../features/apps/desktop/all-apps-page.tsx'),
  favorite: () => import('../../features/apps/desktop/favorite-page.tsx'),
  search: () => import('../../features/search/desktop/search-page.tsx'),
  guide: () => import('../../features/guide/desktop/guide-page.tsx'),
  apply: () => import('../../features/apply/desktop/apply-page.tsx'),
  todo: () => import('../../features/todo/desktop/todo-page.tsx'),
  doing: () => import('../../features/processes/desktop/doing-page.tsx'),
  done: () => import('../../features/processes/desktop/done-page.tsx'),
  flowCc: () => import('../../features/processes/desktop/cc-page.tsx'),
  manage: () => import('../../features/processes/desktop/manage-page.tsx'),
  detail: () => import('../../features/detail/desktop/detail-page.tsx'),
  delegations: () => import('../../features/delegations/desktop/delegations-page.tsx'),
  notifications: () => import('../../features/notifications/desktop/notifications-page.tsx'),
  about: () => import('../../features/about/desktop/about-page.tsx'),
  // A small gate: the console's own chunk downloads only once the server says the caller administers something.
  admin: () => import('../../features/admin/admin-gate.tsx'),
});
