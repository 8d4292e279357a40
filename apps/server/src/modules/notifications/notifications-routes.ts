import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamSchema, MAX_PAGE_SIZE } from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/app-error.ts';
import { requestLocale } from '../../platform/locale.ts';
import { currentUser } from '../users/current-user.ts';
import { listNotifications, markNotificationRead } from './notifications-repository.ts';

const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The infos page: my notifications (unread first) and marking one read. */
export async function notificationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/api/me/notifications', { config: { scope: 'profile' } }, async (request) => {
    const user = currentUser(request, 'profile');
    const q = listQuery.parse(request.query);
    const page = await listNotifications(ctx.db, user.id, q.limit, q.start, requestLocale(request));
    return { errno: 0, error: '', ...page };
  });

  // A write: needs profile_edit like every other change to one's own data (issue 19 item 10).
  app.post('/api/me/notifications/:id/read', { config: { scope: 'profile_edit' } }, async (request) => {
    const user = currentUser(request, 'profile_edit');
    const { id } = idParamSchema.parse(request.params);
    if (!(await markNotificationRead(ctx.db, user.id, id))) throw notFound();
    return { errno: 0, error: '', entities: [] };
  });
}
