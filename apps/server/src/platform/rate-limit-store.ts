import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type IncrCallback = (err: Error | null, result: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: IncrCallback, timeWindow: number, max: number): void;
  child(routeOptions: {
    continueExceeding?: boolean;
    exponentialBackoff?: boolean;
    routeInfo: { method: string; url: string };
  }): Store;
}
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// @fastify/rate-limit's own stores (CommonJS, no exports map): the counters stay exactly as the plugin keeps them.
const load = createRequire(import.meta.url);
const RedisStore = load('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = load('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

/**
 * Counts in Redis, shared by every instance; when Redis fails (down, unreachable, timing out) the same request is
 * counted in this instance's memory instead, so limits keep holding per instance during an outage rather than
 * letting everything through (as 650 of 650 requests once did with Redis down).
 */
export function redisStoreWithFallback(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class FallbackStore implements Store {
    constructor(
      private shared: Store,
      private local: Store,
    ) {}
    incr(key: string, cb: IncrCallback, timeWindow: number, max: number): void {
      this.shared.incr(
        key,
        (err, result) => {
          if (!err) return cb(null, result);
          this.local.incr(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    child(routeOptions: Parameters<Store['child']>[0]): Store {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return class {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const ce = params.continueExceeding ?? false;
      const eb = params.exponentialBackoff ?? false;
      return new FallbackStore(new RedisStore(ce, eb, redis, nameSpace), new LocalStore(ce, eb, 5000));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
