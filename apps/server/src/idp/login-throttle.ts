/**
 * Slows password guessing: after 5 failures for one account or 20 from one address within 15 minutes, further
 * attempts are refused until the window passes. In memory per instance; with several instances behind a load
 * balancer the limits multiply by the instance count — move the counters to Redis when REDIS_URL is used.
 */
export interface LoginThrottle {
  /** Seconds until another attempt is allowed, or 0 when the attempt may proceed. */
  blockedFor(account: string, ip: string, now: number): number;
  recordFailure(account: string, ip: string, now: number): void;
  recordSuccess(account: string): void;
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
    blockedFor(account, ip, now) {
      return Math.max(
        wait(recent(`a:${account.toLowerCase()}`, now), MAX_PER_ACCOUNT, now),
        wait(recent(`i:${ip}`, now), MAX_PER_ADDRESS, now),
      );
    },
    recordFailure(account, ip, now) {
      // Bound memory under a spray of random account names.
      if (failures.size > MAX_KEYS) failures.clear();
      for (const key of [`a:${account.toLowerCase()}`, `i:${ip}`]) failures.set(key, [...recent(key, now), now]);
    },
    recordSuccess(account) {
      failures.delete(`a:${account.toLowerCase()}`);
    },
  };
}
