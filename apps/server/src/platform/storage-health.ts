import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** When this instance last failed to write for lack of storage (platform/storage-health.ts). */
    storageHealth: StorageHealth;
  }
}

/** How long after a storage failure /readyz keeps failing. */
export const STORAGE_FAILURE_HOLD_MS = 30_000;

/**
 * The last time a write failed for lack of storage (disk full, I/O error). /readyz reports the instance unready for
 * 30 s after one, so a load balancer stops sending it traffic and an operator's probe shows the fault (without it, a full
 * disk answered a generic 500 while /readyz stayed 200).
 */
export class StorageHealth {
  private failedAt = 0;
  /** Records a storage failure now. */
  fail(now = Date.now()): void {
    this.failedAt = now;
  }
  /** True within the hold time after a failure. */
  failing(now = Date.now()): boolean {
    return this.failedAt !== 0 && now - this.failedAt < STORAGE_FAILURE_HOLD_MS;
  }
}

/** Gives the app (and every plugin under it) one StorageHealth. */
export function installStorageHealth(app: FastifyInstance): StorageHealth {
  const health = new StorageHealth();
  app.decorate('storageHealth', health);
  return health;
}
