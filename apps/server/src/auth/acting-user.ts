import type { Db } from '../db/database.ts';
import { isSystemAdmin } from '../modules/admin/admin-policy.ts';
import { activeDelegationsTo } from '../modules/delegations/delegations-repository.ts';
import { AppError } from '../platform/app-error.ts';
import type { AuthUser } from './auth-user.ts';

/** How the caller comes to act (or view) as the user: as themselves, as a delegate, an administrator or a system. */
export type ActingMode = 'self' | 'delegate' | 'admin' | 'system';

export interface ActingUser {
  /** The user to act as: the caller for 'self', the named user otherwise (with the caller's scopes). */
  user: AuthUser;
  mode: ActingMode;
  /**
   * The apps the caller may reach as that user: null = every app. A delegate reaches the delegated apps, a system
   * client its system's apps; with `appId` given the answer is that app or a refusal.
   */
  appIds: string[] | null;
}

export interface ActingOptions {
  now: number;
  /** The app of the item acted on; without it (a list) the answer says which apps the caller may see. */
  appId?: string;
}

/**
 * The `userId` rule (docs/product.md §11), in one place for every route that takes one (lists, the user paths,
 * task actions, starting a process): the caller's own id or account changes nothing; anyone else only for
 *  - a system client (AuthUser.system): for apps of its own system only;
 *  - a system administrator (modules/admin/admin-policy.ts): anyone, every app;
 *  - an active delegate of that user: the delegated apps only (direct delegations, no chains).
 * Anything else is 403 USER_ID_FORBIDDEN. A user who does not exist (or is disabled) is 404 for an administrator or a
 * system, who may act for anyone and need to know; for a member it is the same 403 as anyone they may not see.
 */
export async function resolveActingUser(
  db: Db,
  caller: AuthUser,
  requested: string | undefined,
  options: ActingOptions,
): Promise<ActingUser> {
  if (requested === undefined || requested === '' || requested === caller.id || requested === caller.account) {
    return { user: caller, mode: 'self', appIds: null };
  }
  const target = await activeUser(db, requested);
  const privileged = caller.system !== undefined || isSystemAdmin(caller);
  if (!target) throw privileged ? new AppError('NOT_FOUND', 'ACTING_USER_NOT_FOUND') : refused();
  if (target.id === caller.id) return { user: caller, mode: 'self', appIds: null };
  const as = (mode: ActingMode, appIds: string[] | null): ActingUser => ({
    user: { ...target, scopes: caller.scopes },
    mode,
    appIds,
  });

  if (caller.system !== undefined) {
    const apps = await systemApps(db, caller.system.id);
    if (options.appId !== undefined) {
      if (!apps.includes(options.appId)) throw new AppError('USER_ID_FORBIDDEN', 'ACTING_SYSTEM_APP');
      return as('system', [options.appId]);
    }
    return as('system', apps);
  }
  if (isSystemAdmin(caller)) return as('admin', null);
  const given = (await activeDelegationsTo(db, caller.id, options.now)).filter((d) => d.from_user_id === target.id);
  if (given.some((d) => d.app_id === null)) return as('delegate', options.appId !== undefined ? [options.appId] : null);
  const apps = given.map((d) => d.app_id!);
  if (options.appId !== undefined) {
    if (!apps.includes(options.appId)) throw refused();
    return as('delegate', [options.appId]);
  }
  if (apps.length > 0) return as('delegate', apps);
  throw refused();
}

const refused = () => new AppError('USER_ID_FORBIDDEN', 'ACTING_USER_FORBIDDEN');

/** An enabled user by id or account, with what an AuthUser needs. */
async function activeUser(db: Db, idOrAccount: string): Promise<Omit<AuthUser, 'scopes'> | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'account', 'name', 'email', 'roles'])
    .where('disabled', '=', 0)
    .where((eb) => eb.or([eb('id', '=', idOrAccount), eb('account', '=', idOrAccount)]))
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      account: row.account,
      name: row.name,
      email: row.email,
      roles: row.roles.split(',').filter(Boolean),
    }
  );
}

/** The apps bound to a system (apps.system_id). */
async function systemApps(db: Db, systemId: string): Promise<string[]> {
  return (await db.selectFrom('apps').select('id').where('system_id', '=', systemId).execute()).map((r) => r.id);
}
