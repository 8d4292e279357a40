import type { FastifyRequest } from 'fastify';

import type { AuthUser } from '../../../auth/auth-user.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { AppContext } from '../../../platform/context.ts';
import { loadAdminSubject, type AdminContext } from '../admin-context.ts';
import { isAnyAdmin } from '../admin-policy.ts';

/**
 * The admin context of an HTTP request: the caller as the policy sees them, the clock and the request id for the
 * audit row. Refuses (403) anyone who administers nothing, so no admin route says anything to a member; each domain
 * function then checks the finer rule (which app, system-only actions).
 */
export async function adminRequest(ctx: AppContext, user: AuthUser, request: FastifyRequest): Promise<AdminContext> {
  const actor = await loadAdminSubject(ctx.db, user);
  if (!isAnyAdmin(actor)) throw new AppError('FORBIDDEN', 'ADMIN_FORBIDDEN');
  return { db: ctx.db, now: () => ctx.now(), actor, requestId: request.id };
}
