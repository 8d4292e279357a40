import type { Redis } from 'ioredis';

/**
 * Slows password guessing: after 5 failures for one account or 20 from one address within 15 minutes, further
 * attempts are refused until the window passes. In memory per instance by default; with REDIS_URL the counters
 * live in Redis (createRedisLoginThrottle), so several instances behind a load balancer share one limit.
 */
export interface LoginThrottle {
  /** Seconds until another attempt is allowed, or 0 when the attempt may proceed. */
  blockedFor(account: string, ip: string, now: number): Promise<number>;
  recordFailure(account: string, ip: string, now: number): Promise<void>;
  recordSuccess(account: string): Promise<void>;
}

export const WINDOW_SECONDS = 15 * 60;
export const MAX_PER_ACCOUNT = 5;
export const MAX_PER_ADDRESS = 20;
const MAX_KEYS = 50_000;

/** Creates an in-memory throttle with sliding 15-minute windows. */
export function createLoginThrottle(): LoginThrottle {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => {
    const list = (failures.get(key) ?? []).filter((t) => t > now - WINDOW_SECONDS);
    if (list.length) failures.set(key, list); else failures.delete(key);
    return list;
  };
  const wait = (list: number[], max: number, now: number) =>
    list.length >= max ? list[list.length - max]! + WINDOW_SECONDS - now : 0;
  return {
    async blockedFor(account, ip, now) {
      return Math.max(
        wait(recent(`a:${account.toLowerCase()}`, now), MAX_PER_ACCOUNT, now),
        wait(recent(`i:${ip}`, now), MAX_PER_ADDRESS, now),
      );
    },
    async recordFailure(account, ip, now) {
      // Bound memory under a spray of random account names.
      if (failures.size > MAX_KEYS) failures.clear();
      for (const key of [`a:${account.toLowerCase()}`, `i:${ip}`]) failures.set(key, [...recent(key, now), now]);
    },
    async recordSuccess(account) {
      failures.delete(`a:${account.toLowerCase()}`);
    },
  };
}

const PREFIX = 'sh-login:';

/**
 * The same throttle on Redis: one sorted set of failure times per account and per address, trimmed to the window
 * and expiring with it. Shared by every instance. If Redis fails, the call falls back to this instance's
 * in-memory throttle, so sign-in keeps working (and stays throttled per instance) during a Redis outage.
 */
export function createRedisLoginThrottle(redis: Redis, fallback: LoginThrottle = createLoginThrottle()): LoginThrottle {
  const keys = (account: string, ip: string) => [`${PREFIX}a:${account.toLowerCase()}`, `${PREFIX}i:${ip}`];
  /** Seconds to wait given the newest `max` failure times (oldest first), or 0 when there are fewer. */
  const wait = (newest: string[], max: number, now: number) => {
    // WITHSCORES gives [member, score, member, score, …].
    if (newest.length / 2 < max) return 0;
    return Math.max(0, Number(newest[1]) + WINDOW_SECONDS - now);
  };
  return {
    async blockedFor(account, ip, now) {
      const [a, i] = keys(account, ip);
      try {
        const r = await redis.multi()
          .zremrangebyscore(a!, '-inf', now - WINDOW_SECONDS).zrange(a!, -MAX_PER_ACCOUNT, -1, 'WITHSCORES')
          .zremrangebyscore(i!, '-inf', now - WINDOW_SECONDS).zrange(i!, -MAX_PER_ADDRESS, -1, 'WITHSCORES')
          .exec();
        if (!r || r.some(([err]) => err)) throw new Error('login throttle: Redis transaction failed');
        return Math.max(wait(r[1]![1] as string[], MAX_PER_ACCOUNT, now), wait(r[3]![1] as string[], MAX_PER_ADDRESS, now));
      } catch {
        return fallback.blockedFor(account, ip, now);
      }
    },
    async recordFailure(account, ip, now) {
      const member = `${now}:${Math.random().toString(36).slice(2)}`;
      try {
        const m = redis.multi();
        for (const key of keys(account, ip)) {
          m.zadd(key, now, member).zremrangebyscore(key, '-inf', now - WINDOW_SECONDS).expire(key, WINDOW_SECONDS);
        }
        const r = await m.exec();
        if (!r || r.some(([err]) => err)) throw new Error('login throttle: Redis transaction failed');
      } catch {
        await fallback.recordFailure(account, ip, now);
      }
    },
    async recordSuccess(account) {
      await fallback.recordSuccess(account);
      try {
        await redis.del(`${PREFIX}a:${account.toLowerCase()}`);
      } catch {
        // The failures expire with their window.
      }
    },
  };
}
