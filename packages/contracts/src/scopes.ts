/**
 * Scopes of the other vendor's API family that name nothing of ours: its systems ask for them (`sys_*`). Accepted by
 * the IdP so such a request is not refused; what they allow is FAMILY_SCOPE_MEANINGS.
 */
export const FAMILY_SYSTEM_SCOPES = ['sys_process', 'sys_start', 'sys_submit', 'sys_task', 'sys_profile'] as const;

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
  ...FAMILY_SYSTEM_SCOPES,
] as const;
export type Scope = (typeof SCOPES)[number];
export const SCOPE_STRING =
  'profile task task_edit process openid data triple app profile_edit stats submit process_edit entrust entrust_edit';

/**
 * Scopes that are other names of one of ours: clients of the other vendor's API ask for `start` where we say
 * `submit`. A token carrying the alias holds the scope it names (auth/token-claims.ts), at our IdP and an external one.
 */
export const SCOPE_ALIASES: Readonly<Record<string, Scope>> = { start: 'submit' };

/**
 * What a scope of the other vendor's API family allows here, beyond its own name, on the routes under the API_ALIASES
 * prefixes only (auth/bearer-auth.ts): the family's `task` is enough to act on one's own tasks, where ours wants
 * `task_edit` as well; its `sys_*` scopes are a system's reading and acting, which our routes name without the
 * prefix. Under `/api` a token holds exactly the scopes it names (and SCOPE_ALIASES), so nothing there loosens.
 * Acting for someone else is still decided by who the caller is (auth/acting-user.ts), never by a scope.
 */
export const FAMILY_SCOPE_MEANINGS: Readonly<Record<string, readonly Scope[]>> = {
  task: ['task_edit'],
  start: ['submit'],
  sys_task: ['task'],
  sys_submit: ['task', 'task_edit'],
  sys_start: ['submit'],
  sys_process: ['process'],
  sys_profile: ['profile'],
};

/** A token's scopes with what the family's scopes among them allow (FAMILY_SCOPE_MEANINGS). */
export function withFamilyMeanings(scopes: ReadonlySet<string>): Set<string> {
  const out = new Set(scopes);
  for (const scope of scopes) for (const meant of FAMILY_SCOPE_MEANINGS[scope] ?? []) out.add(meant);
  return out;
}
