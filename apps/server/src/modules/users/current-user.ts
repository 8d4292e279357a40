import type { FastifyRequest } from 'fastify';

import type { Scope } from '@service-hall/contracts';

import type { AuthUser } from '../../auth/auth-user.ts';
import { AppError } from '../../platform/app-error.ts';
import { scopeRefusal } from '../../platform/scope-refusal.ts';

/**
 * The signed-in caller. The auth plugin sets request.user and checks route scopes; this re-checks both so a route
 * can never run unauthenticated even if it were registered outside the auth plugin's reach.
 */
export function currentUser(request: FastifyRequest, scope: Scope): AuthUser {
  const user = request.user;
  if (!user) throw new AppError('ACCESS_TOKEN_INVALID');
  if (!user.scopes.has(scope)) throw scopeRefusal(scope);
  return user;
}
