import type { Kysely } from 'kysely';

/**
 * An Idempotency-Key's claim becomes a lease: `holder` is the random token of the request that holds the key, and
 * `lease_expires_at` the database's own clock in milliseconds when a retry may take it over. Only the holder may
 * store the key's answer, in the transaction of its change (modules/idempotency/run-idempotent.ts).
 *
 * Rows claimed before this migration get an empty holder and a lease that has already run out: no request can
 * fence on them any more, so a retry takes them over at once, and the first request's commit (which names its
 * own token) is refused.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('idempotency_keys')
    .addColumn('holder', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('idempotency_keys')
    .addColumn('lease_expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
