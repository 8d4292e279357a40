import { EventEmitter } from 'node:events';

import type { PushEvent } from '@service-hall/contracts';

/**
 * Fans push events out to the connections of a user. In-process by default; with REDIS_URL the Redis
 * implementation (platform/redis-event-bus.ts) carries them between instances. At-most-once: clients
 * re-fetch after a reconnect, so a lost event only delays a refresh.
 */
export interface EventBus {
  publish(userId: string, event: PushEvent): void;
  subscribe(userId: string, listener: (event: PushEvent) => void): () => void;
  close(): Promise<void>;
}

/** Single-instance bus on an EventEmitter. */
export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (userId, event) => void emitter.emit(userId, event),
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => void emitter.off(userId, listener);
    },
    close: async () => void emitter.removeAllListeners(),
  };
}
