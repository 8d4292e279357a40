/** The portal's colour when the page template sets none (page-template.ts, and the build's antd CSS extract). */
export const DEFAULT_PRIMARY = '#1f5fbf';
