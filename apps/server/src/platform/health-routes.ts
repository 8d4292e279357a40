import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { ping } from '../db/database.ts';

/**
 * /healthz (process is up) and /readyz (database answers, and no write has failed for lack of storage in the last
 * 30 s: platform/storage-health.ts) for load balancers.
 */
export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true } }, async (_req, reply) => {
    if (app.storageHealth.failing()) return reply.code(503).send({ status: 'unavailable', reason: 'storage' });
    try {
      await ping(ctx.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
