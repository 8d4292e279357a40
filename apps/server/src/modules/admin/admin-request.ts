import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/auth-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { loadAdminSubject, type AdminContext } from './admin-context.ts';
import type { ProcessAdminContext } from './process-admin-context.ts';

/** The administrative context of an API request: the caller as the policy sees them, the request id for the audit row. */
export async function adminContextOf(ctx: AppContext, user: AuthUser, request: FastifyRequest): Promise<AdminContext> {
  return { db: ctx.db, now: ctx.now, actor: await loadAdminSubject(ctx.db, user), requestId: request.id };
}

/** The same, able to drive processes (row locks, live updates). */
export async function processAdminContextOf(
  ctx: AppContext, user: AuthUser, request: FastifyRequest,
): Promise<ProcessAdminContext> {
  return { ...(await adminContextOf(ctx, user, request)), dialect: ctx.dialect, bus: ctx.bus };
}
