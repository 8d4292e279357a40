import type { FastifyInstance } from 'fastify';
import { healthRoute, readyRoute } from '@service-hall/contracts';
import type { AppContext } from './context.ts';
import { ping } from '../db/database.ts';
import { defineRoute } from './define-route.ts';
import { zodSerializerCompiler, zodValidatorCompiler } from './schema-compilers.ts';

// Probed every few seconds by load balancers: their request lines would drown the log at info.
const PROBE_LOG_LEVEL = 'warn';

/**
 * /healthz (process is up) and /readyz (database answers, and no write has failed for lack of storage in the last
 * 30 s: platform/storage-health.ts) for load balancers: no token, no rate limit, logged at warn and above only.
 */
export const healthRoutes = [
  defineRoute(healthRoute, () => () => ({ status: 'ok' as const })),
  defineRoute(readyRoute, (ctx) => async ({ request, reply }) => {
    if (request.server.storageHealth.failing()) {
      return reply.code(503).send({ status: 'unavailable', reason: 'storage' });
    }
    try {
      await ping(ctx.db);
      return { status: 'ok' as const };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  }),
];

/** Registers the health routes in a scope of their own, outside the API plugin's token and rate-limit hooks. */
export async function healthPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  for (const route of healthRoutes) app.route({ ...route.options(ctx), logLevel: PROBE_LOG_LEVEL });
}
