import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { findUser } from '../users/users-repository.ts';
import { activeDelegationsTo } from './delegations-repository.ts';
import '../users/users-messages.ts';

/** Whose items a list shows, and which apps of theirs (null = every app). */
export interface ViewAs {
  userId: string;
  appIds: string[] | null;
}

/**
 * Resolves the `userId` query parameter (docs/product.md §11): me, an admin viewing anyone, or an active delegate viewing
 * the delegator's items of the delegated apps only. Anything else is 403.
 */
export async function resolveViewAs(db: Db, user: AuthUser, requested: string | undefined, now: number): Promise<ViewAs> {
  if (requested === undefined || requested === user.id || requested === user.account) {
    return { userId: user.id, appIds: null };
  }
  const target = await findUser(db, requested);
  if (target && target.id === user.id) return { userId: user.id, appIds: null };
  if (target && user.roles.includes('admin')) return { userId: target.id, appIds: null };
  if (target) {
    const given = (await activeDelegationsTo(db, user.id, now)).filter((d) => d.from_user_id === target.id);
    if (given.length > 0) {
      const all = given.some((d) => d.app_id === null);
      return { userId: target.id, appIds: all ? null : given.map((d) => d.app_id!) };
    }
  }
  throw new AppError('FORBIDDEN', 'VIEW_AS_FORBIDDEN');
}

/** The caller's own id from a path parameter that may be an id or an account; anybody else's is 403. */
export function requirePathUserIsMe(user: AuthUser, pathUserId: string): string {
  if (pathUserId === user.id || pathUserId === user.account) return user.id;
  throw new AppError('FORBIDDEN', 'PATH_USER_NOT_ME');
}
