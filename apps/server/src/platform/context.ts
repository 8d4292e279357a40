import type { Config } from '../config.ts';
import type { Db, Dialect } from '../db/database.ts';
import type { EventBus } from './event-bus.ts';
import type { PageCache } from './list-cache.ts';
import type { Metrics } from './metrics.ts';

/** What every module needs, built once in app.ts and passed to route plugins and services. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  bus: EventBus;
  /** This app's Prometheus metrics; always counted, exposed at /metrics only when configured (metrics-plugin.ts). */
  metrics: Metrics;
  /** Current time in seconds; injectable so tests can move the clock. */
  now(): number;
  /** This instance's list page cache (platform/list-cache.ts); absent when LIST_CACHE_MB=0. */
  listCache?: PageCache;
  /**
   * SQLite files: checkpoints the WAL now and resolves with the bytes it still holds uncopied — what copying them
   * may yet add to the database file (db/wal-checkpointer.ts). Absent on PostgreSQL.
   */
  walPendingBytes?: () => Promise<number>;
}
