import type { FastifyRequest } from 'fastify';

import type { AuthUser } from '../../auth/auth-user.ts';
import { AppError } from '../../platform/app-error.ts';

/** The signed-in caller; the bearer plugin has already refused anonymous calls, so this is a safety net. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('ACCESS_TOKEN_INVALID');
  return request.user;
}

/** Administrators see drafts (unpublished guides) too. */
export const isAdmin = (user: AuthUser) => user.roles.includes('admin');
