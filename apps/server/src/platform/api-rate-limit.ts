import { createRequire } from 'node:module';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

import { AppError } from './app-error.ts';
import type { Metrics } from './metrics.ts';
import { redisStoreWithFallback } from './rate-limit-store.ts';
import { ANONYMOUS_LIMIT_PER_MINUTE, RATE_LIMIT_NAMESPACE, rateLimitKey } from './rate-limit.ts';

type Counted = { current: number; ttl: number };
interface Store {
  incr(key: string, cb: (err: Error | null, result: Counted | null) => void, timeWindow: number, max: number): void;
}

const WINDOW_MS = 60_000;
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => Store;

/** Counts one request of the current caller; throws RATE_LIMITED (with Retry-After) past the allowance. */
export type CountRequest = (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;

/**
 * The API's per-caller request limit, counted by the bearer-auth hook itself once it knows the caller, instead of @fastify/rate-limit's own per-route hook: one hook less per request, no promise when the
 * counters are in memory, and no X-RateLimit-* headers on every answer (docs/adr/0020-hot-api-reads-skip-what-they-do-not-need.md) — only Retry-After on
 * a 429. The counters and their keys are @fastify/rate-limit's (`u:<user id>`, `ip:<address>`; the same stores,
 * the same Redis namespace as the IdP's limiter), so the allowance and its sharing between instances are unchanged.
 */
export function apiRateLimiter(metrics: Metrics, redis: Redis | null, userLimitPerMinute: number): CountRequest {
  const store: Store = redis
    ? new (redisStoreWithFallback(redis, RATE_LIMIT_NAMESPACE) as unknown as new (o: object) => Store)({})
    : new LocalStore(false, false, 5000);
  return (request, reply) => {
    const key = rateLimitKey(request);
    const max = key.startsWith('u:') ? userLimitPerMinute : ANONYMOUS_LIMIT_PER_MINUTE;
    const judge = (err: Error | null, counted: Counted | null): void => {
      if (err) throw err;
      if (counted && counted.current > max) {
        metrics.rateLimited.inc({ key: key.startsWith('u:') ? 'user' : 'address' });
        reply.header('retry-after', Math.ceil(counted.ttl / 1000));
        throw new AppError('RATE_LIMITED');
      }
    };
    // The in-memory store answers synchronously: judge at once, no promise. Redis answers later.
    let settled: { err: Error | null; counted: Counted | null } | null = null;
    let later: ((err: Error | null, counted: Counted | null) => void) | null = null;
    store.incr(
      key,
      (err, counted) => {
        if (later) later(err, counted);
        else settled = { err, counted };
      },
      WINDOW_MS,
      max,
    );
    if (settled !== null) {
      const { err, counted } = settled as { err: Error | null; counted: Counted | null };
      return judge(err, counted);
    }
    return new Promise<void>((resolve, reject) => {
      later = (err, counted) => {
        try {
          judge(err, counted);
          resolve();
        } catch (e) {
          reject(e as Error);
        }
      };
    });
  };
}
