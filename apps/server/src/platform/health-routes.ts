import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { ping } from '../db/database.ts';

/** /healthz (process is up) and /readyz (database answers) for load balancers. */
export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true } }, async (_req, reply) => {
    try {
      await ping(ctx.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
