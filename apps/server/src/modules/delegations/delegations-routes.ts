import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createDelegationBodySchema } from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { requestLocale } from '../../platform/locale.ts';
import { currentUser } from '../users/current-user.ts';
import { createDelegation, deleteDelegation, listDelegations } from './manage-delegations.ts';
import { requirePathUserIsMe } from './view-as-policy.ts';

const userParams = z.strictObject({ userId: z.string().min(1).max(64) });
const deleteParams = z.strictObject({ userId: z.string().min(1).max(64), id: z.string().min(1).max(64) });

/** Delegation endpoints (spec §7 plus create): the path's userId must be the caller's id or account. */
export async function delegationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/api/user/:userId/entrustees', { config: { scope: 'entrust' } }, async (request) => {
    const user = currentUser(request, 'entrust');
    const me = requirePathUserIsMe(user, userParams.parse(request.params).userId);
    const entities = await listDelegations(ctx.db, me, 'given', requestLocale(request));
    return { errno: 0, error: '', total: entities.length, entities };
  });

  app.get('/api/user/:userId/entrusters', { config: { scope: 'entrust' } }, async (request) => {
    const user = currentUser(request, 'entrust');
    const me = requirePathUserIsMe(user, userParams.parse(request.params).userId);
    const entities = await listDelegations(ctx.db, me, 'received', requestLocale(request));
    return { errno: 0, error: '', total: entities.length, entities };
  });

  app.post('/api/user/:userId/entrustees', { config: { scope: 'entrust_edit' } }, async (request) => {
    const user = currentUser(request, 'entrust_edit');
    requirePathUserIsMe(user, userParams.parse(request.params).userId);
    const body = createDelegationBodySchema.parse(request.body ?? {});
    const created = await createDelegation(ctx.db, ctx.dialect, ctx.bus, user, body, requestLocale(request), ctx.now());
    return { errno: 0, error: '', entities: [created] };
  });

  app.delete('/api/user/:userId/entrustees/:id', { config: { scope: 'entrust_edit' } }, async (request) => {
    const user = currentUser(request, 'entrust_edit');
    const params = deleteParams.parse(request.params);
    requirePathUserIsMe(user, params.userId);
    await deleteDelegation(ctx.db, ctx.bus, user, params.id, 'given', ctx.now());
    return { errno: 0, error: '', entities: [] };
  });

  // The delegate declines a delegation made to them (anyone could otherwise be made a delegate; docs/decisions.md).
  app.delete('/api/user/:userId/entrusters/:id', { config: { scope: 'entrust_edit' } }, async (request) => {
    const user = currentUser(request, 'entrust_edit');
    const params = deleteParams.parse(request.params);
    requirePathUserIsMe(user, params.userId);
    await deleteDelegation(ctx.db, ctx.bus, user, params.id, 'received', ctx.now());
    return { errno: 0, error: '', entities: [] };
  });
}
