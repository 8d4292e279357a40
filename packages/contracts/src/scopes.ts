/** Scopes requested at sign-in (docs/product.md §6). Reading needs the noun, writing the `_edit` scope. */
export const SCOPES = [
  'openid', 'profile', 'task', 'task_edit', 'process', 'data', 'triple', 'app', 'profile_edit', 'stats',
  'submit', 'process_edit', 'entrust', 'entrust_edit',
] as const;
export type Scope = (typeof SCOPES)[number];
export const SCOPE_STRING = 'profile task task_edit process openid data triple app profile_edit stats submit process_edit entrust entrust_edit';
