import type { Kysely } from 'kysely';

/**
 * Approval powers: a 催办 is stored as the assignees' `process.urged` event rows, and the detail
 * page and the once-an-hour check read them by process. The events table was indexed only by user.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('events_process_type_created')
    .on('events')
    .columns(['process_id', 'type', 'created_at'])
    .execute();
}
