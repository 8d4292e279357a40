import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { ping } from '../db/database.ts';

// Probed every few seconds by load balancers: their request lines would drown the log at info.
const PROBE_LOG_LEVEL = 'warn';

/**
 * /healthz (process is up) and /readyz (database answers, and no write has failed for lack of storage in the last
 * 30 s: platform/storage-health.ts) for load balancers; logged at warn and above only.
 */
export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/healthz', { logLevel: PROBE_LOG_LEVEL, config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: PROBE_LOG_LEVEL, config: { public: true } }, async (_req, reply) => {
    if (app.storageHealth.failing()) return reply.code(503).send({ status: 'unavailable', reason: 'storage' });
    try {
      await ping(ctx.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
