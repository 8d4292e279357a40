import type { FastifyInstance } from 'fastify';

import { healthRoute, readyRoute } from '@service-hall/contracts';

import { ping } from '../db/database.ts';
import type { AppContext } from './context.ts';
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
  defineRoute(readyRoute, (ctx) => {
    const answers = boundedPing(() => ping(ctx.db), READY_PING_TIMEOUT_MS);
    return async ({ request, reply }) => {
      if (request.server.storageHealth.failing()) {
        return reply.code(503).send({ status: 'unavailable', reason: 'storage' });
      }
      if (await answers()) return { status: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable' });
    };
  }),
];

/** How long /readyz waits for the database's answer before it answers 503 itself. */
export const READY_PING_TIMEOUT_MS = 2000;

/**
 * Whether `ping` succeeds within `timeoutMs`. A database that hangs (a cut network that drops packets, a stalled
 * server, a pool whose every connection waits) must not hang the probe: the load balancer's check would time out
 * instead of seeing 503. At most one ping is in flight: probes arriving while one is pending wait for that one, so a
 * hung database does not collect a pool connection per probe.
 */
export function boundedPing(ping: () => Promise<void>, timeoutMs: number): () => Promise<boolean> {
  let pending: Promise<boolean> | null = null;
  return async () => {
    pending ??= ping()
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        pending = null;
      });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([pending, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Registers the health routes in a scope of their own, outside the API plugin's token and rate-limit hooks. */
export async function healthPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  for (const route of healthRoutes) app.route({ ...route.options(ctx), logLevel: PROBE_LOG_LEVEL });
}
