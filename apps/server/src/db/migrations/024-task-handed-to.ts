import type { Kysely } from 'kysely';

/**
 * A task closed by 转办 (a holder's transfer or an administrator's reassignment) records whom it went to, so the
 * detail's history reads "transferred from X to Y" rather than naming only the one who let it go. Null otherwise.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('handed_to_id', 'text').execute();
}
