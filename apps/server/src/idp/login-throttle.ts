import type { Redis } from 'ioredis';

/**
 * Slows password guessing without letting anyone lock an account:
 * - per (account, address): the first 3 failures are free, then each further attempt waits 2, 4, 8 … seconds
 *   after the last failure (at most 15 minutes). The right password from another address is never slowed by
 *   someone else's guesses;
 * - per address: 20 failures within 15 minutes stop that address until the oldest of them leaves the window;
 * - a global failure budget: beyond 300 failures in the current and previous minute (a spray from many
 *   addresses), any address or (account, address) pair that has failed in the window must wait a minute, while
 *   addresses with a clean record still sign in.
 * The address is the client address Fastify derives under TRUST_PROXY, so a forged X-Forwarded-For changes nothing.
 * In memory per instance by default; with REDIS_URL the counters live in Redis, shared by every instance.
 */
export interface LoginThrottle {
  /** Seconds until another attempt is allowed, or 0 when the attempt may proceed. */
  blockedFor(account: string, ip: string, now: number): Promise<number>;
  recordFailure(account: string, ip: string, now: number): Promise<void>;
  recordSuccess(account: string, ip: string): Promise<void>;
}

export const WINDOW_SECONDS = 15 * 60;
export const FREE_FAILURES_PER_PAIR = 3;
export const MAX_PER_ADDRESS = 20;
export const GLOBAL_FAILURE_BUDGET = 300;

/** Where failure times are kept: in memory, or in Redis. */
interface FailureStore {
  /** For each key, its failure times within the window, oldest first (the newest `limit` of them). */
  recent(keys: string[], now: number, limit: number): Promise<number[][]>;
  add(keys: string[], now: number): Promise<void>;
  clear(key: string): Promise<void>;
  /** Failures anywhere in the current and previous minute. */
  globalCount(now: number): Promise<number>;
}

const pairKey = (account: string, ip: string) => `p:${account.trim().toLowerCase()}|${ip}`;
const addressKey = (ip: string) => `i:${ip}`;

/** The waiting time the three rules give for the failure times found (0: go ahead). */
function waitFor(pair: number[], address: number[], globalFailures: number, now: number): number {
  let wait = 0;
  if (pair.length >= FREE_FAILURES_PER_PAIR) {
    const delay = Math.min(2 ** (pair.length - FREE_FAILURES_PER_PAIR + 1), WINDOW_SECONDS);
    wait = Math.max(wait, pair[pair.length - 1]! + delay - now);
  }
  if (address.length >= MAX_PER_ADDRESS)
    wait = Math.max(wait, address[address.length - MAX_PER_ADDRESS]! + WINDOW_SECONDS - now);
  if (globalFailures > GLOBAL_FAILURE_BUDGET && (pair.length > 0 || address.length > 0)) wait = Math.max(wait, 60);
  return Math.max(0, wait);
}

function throttleOn(store: FailureStore): LoginThrottle {
  return {
    async blockedFor(account, ip, now) {
      const [pair, address] = await store.recent([pairKey(account, ip), addressKey(ip)], now, MAX_PER_ADDRESS);
      return waitFor(pair!, address!, await store.globalCount(now), now);
    },
    recordFailure: (account, ip, now) => store.add([pairKey(account, ip), addressKey(ip)], now),
    recordSuccess: (account, ip) => store.clear(pairKey(account, ip)),
  };
}

const MAX_KEYS = 50_000;

/** Creates the throttle with in-memory counters (one instance). */
export function createLoginThrottle(): LoginThrottle {
  return throttleOn(memoryStore());
}

function memoryStore(): FailureStore {
  const failures = new Map<string, number[]>();
  const minutes = new Map<number, number>();
  const recent = (key: string, now: number) => {
    const list = (failures.get(key) ?? []).filter((t) => t > now - WINDOW_SECONDS);
    if (list.length) failures.set(key, list.slice(-MAX_PER_ADDRESS));
    else failures.delete(key);
    return list.slice(-MAX_PER_ADDRESS);
  };
  return {
    async recent(keys, now, limit) {
      return keys.map((k) => recent(k, now).slice(-limit));
    },
    async add(keys, now) {
      // Bound memory under a spray of random account names: forget the oldest keys first.
      for (const [oldest] of failures) {
        if (failures.size <= MAX_KEYS) break;
        failures.delete(oldest);
      }
      for (const key of keys) failures.set(key, [...recent(key, now), now]);
      const minute = Math.floor(now / 60);
      minutes.set(minute, (minutes.get(minute) ?? 0) + 1);
      for (const m of minutes.keys()) if (m < minute - 1) minutes.delete(m);
    },
    async clear(key) {
      failures.delete(key);
    },
    async globalCount(now) {
      const minute = Math.floor(now / 60);
      return (minutes.get(minute) ?? 0) + (minutes.get(minute - 1) ?? 0);
    },
  };
}

const PREFIX = 'sh-login:';

/**
 * The same throttle on Redis: a sorted set of failure times per key, trimmed to the window and expiring with it,
 * and one counter per minute for the global budget. If Redis fails, each call falls back to this instance's
 * in-memory counters, so sign-in keeps working (and stays throttled per instance) during a Redis outage.
 */
export function createRedisLoginThrottle(redis: Redis): LoginThrottle {
  const fallback = memoryStore();
  const checked = <T>(r: [Error | null, unknown][] | null, pick: (r: [Error | null, unknown][]) => T): T => {
    if (!r || r.some(([err]) => err)) throw new Error('login throttle: Redis transaction failed');
    return pick(r);
  };
  const store: FailureStore = {
    async recent(keys, now, limit) {
      try {
        const m = redis.multi();
        for (const key of keys)
          m.zremrangebyscore(PREFIX + key, '-inf', now - WINDOW_SECONDS).zrange(PREFIX + key, -limit, -1, 'WITHSCORES');
        return checked(await m.exec(), (r) =>
          keys.map((_, i) => {
            // WITHSCORES gives [member, score, member, score, …].
            const flat = r[i * 2 + 1]![1] as string[];
            return flat.filter((_v, j) => j % 2 === 1).map(Number);
          }),
        );
      } catch {
        return fallback.recent(keys, now, limit);
      }
    },
    async add(keys, now) {
      const member = `${now}:${Math.random().toString(36).slice(2)}`;
      const minuteKey = `${PREFIX}g:${Math.floor(now / 60)}`;
      try {
        const m = redis.multi();
        for (const key of keys) {
          m.zadd(PREFIX + key, now, member)
            .zremrangebyscore(PREFIX + key, '-inf', now - WINDOW_SECONDS)
            .expire(PREFIX + key, WINDOW_SECONDS);
        }
        m.incr(minuteKey).expire(minuteKey, 180);
        checked(await m.exec(), () => null);
      } catch {
        await fallback.add(keys, now);
      }
    },
    async clear(key) {
      await fallback.clear(key);
      try {
        await redis.del(PREFIX + key);
      } catch {
        // The failures expire with their window.
      }
    },
    async globalCount(now) {
      const minute = Math.floor(now / 60);
      try {
        const [a, b] = await redis.mget(`${PREFIX}g:${minute}`, `${PREFIX}g:${minute - 1}`);
        return Number(a ?? 0) + Number(b ?? 0);
      } catch {
        return fallback.globalCount(now);
      }
    },
  };
  return throttleOn(store);
}
