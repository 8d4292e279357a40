import type { AuthUser } from '../../auth/auth-user.ts';
import { AppError } from '../../platform/app-error.ts';

/** The caller's own id from a path parameter that may be an id or an account; anybody else's is 403. */
export function requirePathUserIsMe(user: AuthUser, pathUserId: string): string {
  if (pathUserId === user.id || pathUserId === user.account) return user.id;
  throw new AppError('FORBIDDEN', 'PATH_USER_NOT_ME');
}
