import { sql } from 'kysely';

import type { Db, Dialect } from '../db/database.ts';

// An arbitrary constant naming the lock ("SH" + 1); Kysely's migrator uses its own key.
const STARTUP_LOCK_KEY = 0x5348_0001;

/**
 * Runs `fn` while holding the database's start-up lock, so instances starting together on one PostgreSQL database
 * seed and bootstrap one after the other: the first does the work, the others find it done. A session-level
 * advisory lock on a connection of its own; `fn` uses the pool as usual. SQLite serves one instance per file
 * (docs/operations.md), so there `fn` simply runs.
 */
export async function withStartupLock<T>(db: Db, dialect: Dialect, fn: () => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return fn();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
    }
  });
}
