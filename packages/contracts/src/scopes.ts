/** Scopes requested at sign-in (docs/product.md §6). Reading needs the noun, writing the `_edit` scope. */
export const SCOPES = [
  'openid',
  'profile',
  'task',
  'task_edit',
  'process',
  'data',
  'triple',
  'app',
  'profile_edit',
  'stats',
  'submit',
  'process_edit',
  'entrust',
  'entrust_edit',
  'start',
] as const;
export type Scope = (typeof SCOPES)[number];
export const SCOPE_STRING =
  'profile task task_edit process openid data triple app profile_edit stats submit process_edit entrust entrust_edit';

/**
 * Scopes that are other names of one of ours: clients of the other vendor's API ask for `start` where we say
 * `submit`. A token carrying the alias holds the scope it names (auth/token-claims.ts), at our IdP and an external one.
 */
export const SCOPE_ALIASES: Readonly<Record<string, Scope>> = { start: 'submit' };
