import type { Db } from '../db/database.ts';
import { AppError } from '../platform/app-error.ts';
import type { AuthUser } from './auth-user.ts';
import './acting-user-messages.ts';

/*
 * MINIMAL VERSION written on branch wave-h14b (system clients) so the system side can be built and tested before
 * h14a's full version lands: it knows only "self" and "system". h14a's file (same path, same signature, adding
 * delegates and administrators) replaces this one when the branches are merged.
 */

/** How the caller comes to act (or view) as the user: as themselves, as a delegate, an administrator or a system. */
export type ActingMode = 'self' | 'delegate' | 'admin' | 'system';

export interface ActingUser {
  /** The user to act as: the caller for 'self', the named user otherwise (with the caller's scopes). */
  user: AuthUser;
  mode: ActingMode;
  /** The apps the caller may reach as that user: null = every app; a system client: its system's apps. */
  appIds: string[] | null;
}

export interface ActingOptions {
  now: number;
  /** The app of the item acted on; without it (a list) the answer says which apps the caller may see. */
  appId?: string;
}

/**
 * The `userId` rule: the caller's own id or account changes nothing; a system client (AuthUser.system) may name
 * anyone, for the apps of its own system only. A user who does not exist is 404 for a system.
 */
export async function resolveActingUser(
  db: Db, caller: AuthUser, requested: string | undefined, options: ActingOptions,
): Promise<ActingUser> {
  if (requested === undefined || requested === '' || requested === caller.id || requested === caller.account) {
    return { user: caller, mode: 'self', appIds: null };
  }
  if (caller.system === undefined) throw new AppError('FORBIDDEN', 'ACTING_USER_FORBIDDEN');
  const target = await db.selectFrom('users').select(['id', 'account', 'name', 'email', 'roles'])
    .where('disabled', '=', 0)
    .where((eb) => eb.or([eb('id', '=', requested), eb('account', '=', requested)]))
    .executeTakeFirst();
  if (!target) throw new AppError('NOT_FOUND', 'ACTING_USER_NOT_FOUND');
  const user: AuthUser = {
    id: target.id, account: target.account, name: target.name, email: target.email,
    roles: target.roles.split(',').filter(Boolean), scopes: caller.scopes,
  };
  const apps = (await db.selectFrom('apps').select('id').where('system_id', '=', caller.system.id).execute()).map((r) => r.id);
  if (options.appId !== undefined) {
    if (!apps.includes(options.appId)) throw new AppError('FORBIDDEN', 'ACTING_SYSTEM_APP');
    return { user, mode: 'system', appIds: [options.appId] };
  }
  return { user, mode: 'system', appIds: apps };
}
