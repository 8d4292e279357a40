import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

import { AppError } from './app-error.ts';
import type { AppContext } from './context.ts';
import { redisStoreWithFallback } from './rate-limit-store.ts';

/**
 * Per-minute allowance per address for anonymous traffic (the IdP's pages and endpoints): higher, because a whole
 * campus may sign in at 8 a.m. from behind one NAT address, and one sign-in takes about ten IdP requests.
 */
export const ANONYMOUS_LIMIT_PER_MINUTE = 3000;
/**
 * Allowance for the sign-in form POST per address. Password guessing is stopped by the per-account and
 * per-address failure counters of idp/login-throttle.ts; this only caps raw volume.
 */
export const SIGN_IN_LIMIT_PER_MINUTE = 120;

/** Where the counters live in Redis (REDIS_URL): shared by the IdP's limiter and the API's (api-rate-limit.ts). */
export const RATE_LIMIT_NAMESPACE = 'sh-rate:';

/** The key a request is counted under: the user when the auth hook verified one, else the client address. */
export const rateLimitKey = (request: FastifyRequest): string =>
  request.user ? `u:${request.user.id}` : `ip:${request.ip}`;

/**
 * Request rate limits (429 RATE_LIMITED with Retry-After) for the routes of the scope it is registered in: the IdP
 * registers it; the API counts in its auth hook with the same stores and keys (api-rate-limit.ts); the SPA's
 * static files and the health checks are not limited (a campus NAT shares one address). Counters are in memory per instance; pass an ioredis client (REDIS_URL) to share them
 * between instances. The limiter's own hook is added per route, so it runs after the auth hook and sees
 * `request.user`.
 */
export const rateLimits = fp(
  async (app: FastifyInstance, { ctx, redis }: { ctx: AppContext; redis?: Redis | null }) => {
    await app.register(rateLimit, {
      global: true,
      max: (_request, key) => (key.startsWith('u:') ? ctx.config.apiLimitPerMinute : ANONYMOUS_LIMIT_PER_MINUTE),
      timeWindow: 60_000,
      keyGenerator: rateLimitKey,
      // With Redis down, counting falls back to this instance's memory (platform/rate-limit-store.ts): limits keep
      // holding per instance, and actions never depend on Redis.
      ...(redis ? { store: redisStoreWithFallback(redis, RATE_LIMIT_NAMESPACE) } : {}),
      skipOnError: false,
      errorResponseBuilder: () => new AppError('RATE_LIMITED'),
      onExceeded: (_request, key) => app.metrics.rateLimited.inc({ key: key.startsWith('u:') ? 'user' : 'address' }),
    });
  },
  { name: 'rate-limits' },
);
