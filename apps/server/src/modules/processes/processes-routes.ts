import type { FastifyInstance } from 'fastify';
import {
  ccQuerySchema, doingQuerySchema, doneQuerySchema, guestQuerySchema, idParamSchema, processActionBodySchema,
  startProcessBodySchema,
} from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { requestLocale } from '../../platform/locale.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { currentUser } from '../users/current-user.ts';
import { actOnProcess } from './act-on-process.ts';
import { listCc, listDoing, listDone, listGuest } from './list-processes.ts';
import { getProcessDetail } from './process-detail.ts';
import { startProcess } from './start-process.ts';

/** Process endpoints of the workflow API: start, detail, read/rate/withdraw, and the doing/done/cc/guest lists. */
export async function processesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.put('/api/process', { config: { scope: 'submit' } }, async (request, reply) => {
    const user = currentUser(request, 'submit');
    return runIdempotent(ctx, request, reply, user, (onCommit) => {
      const body = startProcessBodySchema.parse(request.body ?? {});
      return startProcess(ctx, user, { code: body.code, data: body.data, now: ctx.now(), locale: requestLocale(request), onCommit });
    });
  });

  app.get('/api/process/:id', { config: { scope: 'process' } }, async (request) => {
    const user = currentUser(request, 'process');
    const { id } = idParamSchema.parse(request.params);
    const detail = await getProcessDetail(ctx.db, id, user, requestLocale(request), ctx.now());
    return { errno: 0, error: '', entities: [detail] };
  });

  app.post('/api/process/:id', { config: { scope: 'process_edit' } }, async (request, reply) => {
    const user = currentUser(request, 'process_edit');
    const { id } = idParamSchema.parse(request.params);
    return runIdempotent(ctx, request, reply, user, (onCommit) => {
      const body = processActionBodySchema.parse(request.body ?? {});
      return actOnProcess(ctx, user, { processId: id, body, now: ctx.now(), locale: requestLocale(request), onCommit });
    });
  });

  app.get('/api/me/processes/doing', { config: { scope: 'process' } }, async (request) => {
    const user = currentUser(request, 'process');
    const page = await listDoing(ctx.db, user, doingQuerySchema.parse(request.query), requestLocale(request), ctx.now());
    return { errno: 0, error: '', ...page };
  });

  app.get('/api/me/processes/done', { config: { scope: 'process' } }, async (request) => {
    const user = currentUser(request, 'process');
    const page = await listDone(ctx.db, user, doneQuerySchema.parse(request.query), requestLocale(request), ctx.now());
    return { errno: 0, error: '', ...page };
  });

  app.get('/api/me/processes/cc', { config: { scope: 'process' } }, async (request) => {
    const user = currentUser(request, 'process');
    const page = await listCc(ctx.db, user, ccQuerySchema.parse(request.query), requestLocale(request), ctx.now());
    return { errno: 0, error: '', ...page };
  });

  app.get('/api/me/processes/guest', { config: { scope: 'process' } }, async (request) => {
    const user = currentUser(request, 'process');
    const page = await listGuest(ctx.db, user, guestQuerySchema.parse(request.query), requestLocale(request));
    return { errno: 0, error: '', ...page };
  });
}
