/** Router paths of docs/product.md §2 (relative to the base path). Features link with these, never with literals. */
export const PATHS = {
  root: '/',
  signinError: '/signin-oidc-error',
  home: '/workflow/home',
  allAppsPublic: '/workflow/appallHome',
  apps: '/workflow/index',
  allApps: '/workflow/appall',
  todo: '/workflow/todo',
  apply: '/workflow/apply',
  doing: '/workflow/doing',
  done: '/workflow/done',
  flowCc: '/workflow/flow_cc',
  favorite: '/workflow/favorite',
  detail: '/workflow/detail',
  guide: '/workflow/gl/:glId',
  delegations: '/workflow/entrust',
  about: '/workflow/about',
  notifications: '/workflow/infos',
  manage: '/workflow/manage',
  search: '/workflow/search',
  /** The administration console; its pages are routes of their own inside (features/admin/console). */
  admin: '/workflow/admin/*',
  callback: '/workflow/oidcCallback',
} as const;

/** Prefix of every console page. */
export const ADMIN_PREFIX = '/workflow/admin';
export const adminPath = (page = '') => `${ADMIN_PREFIX}/${page}`;
export const guidePath = (glId: string) => `/workflow/gl/${encodeURIComponent(glId)}`;
export const applyPath = (code: string) => `${PATHS.apply}?code=${encodeURIComponent(code)}`;
export const detailPath = (id: string) => `${PATHS.detail}?id=${encodeURIComponent(id)}`;
/** The apply page correcting a returned process (its applicant's resubmission). */
export const resubmitPath = (code: string, processId: string) =>
  `${applyPath(code)}&resubmit=${encodeURIComponent(processId)}`;
export const searchPath = (keyword: string) => `${PATHS.search}?keyword=${encodeURIComponent(keyword)}`;
