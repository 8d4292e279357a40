import type { Db } from '../../db/database.ts';

export interface StoredKey {
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
  created_at: number;
}

/** Claims a key for a request: true when this request inserted the pending row (insert … on conflict do nothing). */
export async function claimKey(db: Db, userId: string, key: string, hash: string, now: number): Promise<boolean> {
  const r = await db.insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: hash, state: 'pending', response_status: null, response_body: null, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The stored state of a key. */
export async function findKey(db: Db, userId: string, key: string): Promise<StoredKey | undefined> {
  return db.selectFrom('idempotency_keys').select(['request_hash', 'state', 'response_status', 'response_body', 'created_at'])
    .where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

/**
 * Takes over a key left pending by a server that died between claiming it and committing (its transaction rolled
 * back, so nothing was applied): compare-and-set on the old claim time, so of two concurrent retries one wins.
 */
export async function takeOverStaleKey(db: Db, userId: string, key: string, claimedAt: number, now: number): Promise<boolean> {
  const r = await db.updateTable('idempotency_keys').set({ created_at: now })
    .where('user_id', '=', userId).where('key', '=', key).where('state', '=', 'pending')
    .where('created_at', '=', claimedAt).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Records the response of the first request (inside its transaction when it changed something). */
export async function completeKey(db: Db, userId: string, key: string, status: number, body: unknown): Promise<void> {
  await db.updateTable('idempotency_keys')
    .set({ state: 'done', response_status: status, response_body: JSON.stringify(body) })
    .where('user_id', '=', userId).where('key', '=', key).execute();
}

/** Forgets a key whose first request failed unexpectedly, so a retry runs again. */
export async function releaseKey(db: Db, userId: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key)
    .where('state', '=', 'pending').execute();
}

/** Deletes keys older than `before` (seconds); returns how many. */
export async function pruneKeys(db: Db, before: number): Promise<number> {
  const r = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
