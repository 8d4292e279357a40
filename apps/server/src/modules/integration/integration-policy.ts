import type { AuthUser } from '../../auth/auth-user.ts';
import { forbidden } from '../../platform/app-error.ts';
import { integrationMessages as M } from './integration-messages.ts';

export type CallingSystem = NonNullable<AuthUser['system']>;

/**
 * Who may push items: a system client only (its token names its system). Members, app administrators and system
 * administrators alike get 403: items belong to a system, and nobody else may write them.
 */
export function callingSystem(user: AuthUser): CallingSystem {
  if (!user.system) throw forbidden(M.SYSTEM_ONLY);
  return user.system;
}
