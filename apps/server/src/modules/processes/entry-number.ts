import type { Db } from '../../db/database.ts';

// Serial numbers follow the institution's calendar day; the demo institution is in China (UTC+8).
const OFFSET_SECONDS = 8 * 3600;

/** The day part YYYYMMDD of an entry for a time in seconds. */
export function entryDay(now: number): string {
  return new Date((now + OFFSET_SECONDS) * 1000).toISOString().slice(0, 10).replaceAll('-', '');
}

/**
 * The next serial number `YYYYMMDD-NNNNNN`, unique across instances: the per-day counter row is incremented with
 * UPDATE … RETURNING, which row-locks on PostgreSQL and is serialised by SQLite's single writer.
 */
export async function nextEntry(trx: Db, now: number): Promise<string> {
  const day = entryDay(now);
  const name = `entry:${day}`;
  await trx
    .insertInto('counters')
    .values({ name, value: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirstOrThrow();
  return `${day}-${String(row.value).padStart(6, '0')}`;
}
