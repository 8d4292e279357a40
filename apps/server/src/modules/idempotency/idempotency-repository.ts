import { sql, type RawBuilder } from 'kysely';

import type { Db, Dialect } from '../../db/database.ts';

export interface StoredKey {
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
  created_at: number;
}

/**
 * The database's clock in milliseconds, read by the statement that uses it. Leases are measured on it alone, so
 * instances whose own clocks disagree still agree on whether a lease has run out.
 */
export function databaseNowMs(dialect: Dialect): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
}

/** What the database's clock reads now (ms). */
export async function readDatabaseNowMs(db: Db, dialect: Dialect): Promise<number> {
  const r = await sql<{ now: number | string }>`select ${databaseNowMs(dialect)} as now`.execute(db);
  return Number(r.rows[0]!.now);
}

/**
 * Claims a key for a request under `holder`, leased for `leaseMs` on the database's clock: true when this request
 * inserted the pending row (insert … on conflict do nothing, so of two concurrent first requests one inserts).
 */
export async function claimKey(
  db: Db,
  dialect: Dialect,
  k: { userId: string; key: string; hash: string; holder: string; leaseMs: number; createdAt: number },
): Promise<boolean> {
  const r = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: k.userId,
      key: k.key,
      request_hash: k.hash,
      state: 'pending',
      response_status: null,
      response_body: null,
      created_at: k.createdAt,
      holder: k.holder,
      lease_expires_at: sql<number>`${databaseNowMs(dialect)} + ${k.leaseMs}`,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The stored state of a key. */
export async function findKey(db: Db, userId: string, key: string): Promise<StoredKey | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'response_status', 'response_body', 'created_at'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Takes over a pending key whose lease has run out by the database's clock, for `holder`: one compare-and-set, so
 * of two concurrent retries one wins. The former holder may still be running; its commit names its own token
 * (completeKey) and is refused from now on.
 */
export async function takeOverExpiredKey(
  db: Db,
  dialect: Dialect,
  k: { userId: string; key: string; holder: string; leaseMs: number },
): Promise<boolean> {
  const now = databaseNowMs(dialect);
  const r = await db
    .updateTable('idempotency_keys')
    .set({ holder: k.holder, lease_expires_at: sql<number>`${now} + ${k.leaseMs}` })
    .where('user_id', '=', k.userId)
    .where('key', '=', k.key)
    .where('state', '=', 'pending')
    .where('lease_expires_at', '<', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Stores the answer of the request holding the key and marks it done — only while `holder` still holds it. Run
 * inside the transaction of the request's change: zero rows means a retry took the key over, and the caller must
 * roll its change back (the row lock this update takes orders it against the taker-over's compare-and-set).
 */
export async function completeKey(
  db: Db,
  k: { userId: string; key: string; holder: string },
  status: number,
  body: unknown,
): Promise<boolean> {
  const r = await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: status, response_body: JSON.stringify(body) })
    .where('user_id', '=', k.userId)
    .where('key', '=', k.key)
    .where('state', '=', 'pending')
    .where('holder', '=', k.holder)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Forgets a key whose first request failed unexpectedly, so a retry runs again — only if `holder` still holds it. */
export async function releaseKey(db: Db, k: { userId: string; key: string; holder: string }): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', k.userId)
    .where('key', '=', k.key)
    .where('state', '=', 'pending')
    .where('holder', '=', k.holder)
    .execute();
}

/** Deletes keys older than `before` (seconds); returns how many. */
export async function pruneKeys(db: Db, before: number): Promise<number> {
  const r = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
