import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { AppContext } from './context.ts';
import { AppError } from './app-error.ts';

// API traffic and the IdP are limited; the SPA's static files are not (a campus NAT shares one address).
const LIMITED = /^\/(api|manage|graphql|bus|oidc)(\/|$|\?)/;

/** Per-minute allowance per signed-in user (or per address when anonymous). Generous: a busy page makes ~20 calls. */
export const API_LIMIT_PER_MINUTE = 600;
/** Stricter allowance for the sign-in form POST, per address (account lockout lives in idp/login-throttle.ts). */
export const SIGN_IN_LIMIT_PER_MINUTE = 30;

/** The key a request is counted under: the user when the auth hook verified one, else the client address. */
export const rateLimitKey = (request: FastifyRequest): string =>
  request.user ? `u:${request.user.id}` : `ip:${request.ip}`;

/**
 * Request rate limits (429 RATE_LIMITED with Retry-After). Counters are in memory per instance; pass an ioredis
 * client (REDIS_URL) to share them between instances — the hook is `redis` below, wired when app.ts has a client.
 * Register before the auth hook: the limiter's own hook is added per route, so it still runs after the auth hook
 * and sees `request.user`.
 */
export const rateLimits = fp(async (
  app: FastifyInstance,
  { redis }: { ctx: AppContext; redis?: Redis | null },
) => {
  await app.register(rateLimit, {
    global: true,
    max: API_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: rateLimitKey,
    allowList: (request) => !LIMITED.test(request.url),
    ...(redis ? { redis, nameSpace: 'sh-rate:' } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
}, { name: 'rate-limits' });
