import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

export type RedisLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** What a connection is for; decides how it behaves while Redis is away. */
export type RedisRole = 'commands' | 'subscriber';

/** Reconnect delay in ms for the n-th attempt: exponential from 100 ms, capped at 5 s, with jitter so a fleet
 * of instances does not reconnect in lock-step after a Redis restart. */
export function reconnectDelay(attempt: number): number {
  const base = Math.min(5_000, 100 * 2 ** Math.min(attempt, 6));
  return Math.round(base / 2 + Math.random() * (base / 2));
}

/**
 * Opens an ioredis connection that never blocks or breaks a request when Redis is down:
 * - it connects in the background and reconnects forever with backoff, so the server starts without Redis;
 * - a `commands` connection refuses commands at once while disconnected (no offline queue, one retry, short
 *   command timeout): a publish or a rate-limit increment fails fast instead of holding the request;
 * - a `subscriber` connection keeps its offline queue (SUBSCRIBE issued during an outage is sent on reconnect;
 *   the queue is bounded by the number of connected users) and re-subscribes by itself after a reconnect;
 * - errors are logged once per outage, not once per retry, so a dead Redis does not flood the log.
 * `keyPrefix` (REDIS_PREFIX) keeps this hall's keys apart from other applications' on a shared Redis.
 */
export function createRedisClient(url: string, role: RedisRole, log: RedisLog, keyPrefix = ''): Redis {
  const options: RedisOptions = {
    // ioredis puts it before the key arguments of every command, MULTI and Lua script (the rate-limit store's)
    // included; pub/sub channel names are not keys, so the event bus prefixes those itself.
    ...(keyPrefix ? { keyPrefix } : {}),
    lazyConnect: false,
    connectTimeout: 2_000,
    retryStrategy: reconnectDelay,
    autoResubscribe: true,
    connectionName: `service-hall:${role}`,
    ...(role === 'commands'
      ? { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000 }
      : { enableOfflineQueue: true, maxRetriesPerRequest: null }),
  };
  const client = new Redis(url, options);
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { redis: role, err: err.message },
      'Redis unavailable; push events between instances are paused, retrying',
    );
  });
  client.on('ready', () => {
    if (down) log.info({ redis: role }, 'Redis connection restored');
    down = false;
  });
  return client;
}

/** Closes a connection: QUIT when connected (clean), otherwise disconnect (stops the reconnect loop). */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Fall through: the connection broke while quitting.
    }
  }
  // Resolve once the socket is really gone (or after 1 s), so a closed server holds no timers or sockets.
  const ended = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1_000);
    client.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  client.disconnect(false);
  await ended;
}
