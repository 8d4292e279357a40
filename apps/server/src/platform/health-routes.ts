import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { ping } from '../db/database.ts';

// Probed every few seconds by load balancers: their request lines would drown the log at info.
const PROBE_LOG_LEVEL = 'warn';

/** /healthz (process is up) and /readyz (database answers) for load balancers; logged at warn and above only. */
export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/healthz', { logLevel: PROBE_LOG_LEVEL, config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: PROBE_LOG_LEVEL, config: { public: true } }, async (_req, reply) => {
    try {
      await ping(ctx.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
