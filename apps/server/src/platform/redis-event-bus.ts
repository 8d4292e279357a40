import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

import type { PushEvent } from '@service-hall/contracts';

import type { EventBus } from './event-bus.ts';
import { closeRedisClient, createRedisClient, type RedisLog } from './redis-client.ts';

/*
 * One channel per user (`sh:push:<userId>`), not one shared channel with the user id in the payload.
 * With a shared channel every instance receives, parses and drops every event of the whole university, so each
 * added instance adds a full copy of the traffic to every other one. With a channel per user an instance
 * SUBSCRIBEs only for the users connected to it, and Redis delivers a message only to the instances that hold
 * that user's connections: traffic per instance follows its own users, and PUBLISH to a user nobody is
 * watching costs Redis a hash lookup. Subscribing is reference-counted, so ten tabs of one user on one
 * instance are one Redis subscription. Per-user channels also map one-to-one onto sharded pub/sub if Redis
 * Cluster is ever needed.
 */
const CHANNEL_PREFIX = 'sh:push:';

/**
 * Sent to every local listener after the subscriber (re)connects: events published during the outage are
 * gone (at-most-once), so the browsers are told to re-fetch all their lists — a "process.updated" with no
 * process id and every list, which the client handles like any other push.
 */
export const RESYNC_EVENT: PushEvent = Object.freeze({
  type: 'process.updated',
  processId: '',
  lists: ['todo', 'doing', 'done', 'cc', 'infos'],
}) as PushEvent;

interface Envelope {
  /** Publishing instance: it has already delivered the event locally and ignores its own echo. */
  o: string;
  e: PushEvent;
}

export interface RedisEventBus extends EventBus {
  /** The two connections, for tests and health reporting. */
  readonly publisher: Redis;
  readonly subscriber: Redis;
}

/**
 * EventBus over Redis pub/sub: one publishing and one subscribing connection per instance. At-most-once and
 * best-effort: publish never throws (the action it reports has already committed) and a Redis outage only
 * pauses delivery between instances — listeners on the publishing instance still get the event directly.
 */
export function createRedisEventBus(url: string, log: RedisLog, redisPrefix = ''): RedisEventBus {
  // REDIS_PREFIX first: halls (or other applications) sharing one Redis never hear each other's events.
  const channelPrefix = redisPrefix + CHANNEL_PREFIX;
  const instanceId = randomUUID();
  const publisher = createRedisClient(url, 'commands', log);
  const subscriber = createRedisClient(url, 'subscriber', log);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const dropped = dropCounter(log);

  subscriber.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return; // Not ours; a bad payload must not take the subscriber down.
    }
    if (envelope.o === instanceId) return;
    local.emit(channel.slice(channelPrefix.length), envelope.e);
  });
  subscriber.on('ready', () => {
    for (const userId of local.eventNames()) local.emit(userId, RESYNC_EVENT);
  });

  const redisSubscribe = (userId: string, command: 'subscribe' | 'unsubscribe') => {
    subscriber[command](channelPrefix + userId).catch((err: Error) => {
      log.warn({ err: err.message, command }, 'Redis subscription change failed; it is retried on reconnect');
    });
  };

  return {
    publisher,
    subscriber,
    publish(userId, event) {
      local.emit(userId, event);
      if (publisher.status !== 'ready') return dropped.count();
      const envelope: Envelope = { o: instanceId, e: event };
      publisher.publish(channelPrefix + userId, JSON.stringify(envelope)).catch((err: Error) => dropped.count(err));
    },
    subscribe(userId, listener) {
      if (local.listenerCount(userId) === 0) redisSubscribe(userId, 'subscribe');
      local.on(userId, listener);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        local.off(userId, listener);
        if (local.listenerCount(userId) === 0 && subscriber.status !== 'end') redisSubscribe(userId, 'unsubscribe');
      };
    },
    async close() {
      local.removeAllListeners();
      await Promise.all([closeRedisClient(publisher), closeRedisClient(subscriber)]);
    },
  };
}

/** Counts events that could not be sent to Redis and logs a summary at most every 10 s (not one line each). */
function dropCounter(log: RedisLog) {
  let pending = 0;
  let lastLog = 0;
  return {
    count(err?: Error) {
      pending += 1;
      const now = Date.now();
      if (now - lastLog < 10_000) return;
      log.warn({ dropped: pending, err: err?.message }, 'push events not sent to other instances (Redis unavailable)');
      pending = 0;
      lastLog = now;
    },
  };
}
