import { sql, type Kysely } from 'kysely';

/**
 * Notifications get a table of their own, where repeats merge. The event rows stay one per event (a process's urge
 * log reads them); a notification is one row per recipient, sender, kind and minute, with how many events it stands
 * for, so one student starting and urging ten processes leaves an approver two notifications, not twenty.
 * `merge_key` is unique: two instances recording the same repeat at once both upsert the one row (on conflict, the
 * count goes up), never insert two. Past notifications are copied in one to a row, keyed by their event id.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('sender_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('merge_key', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createIndex('notifications_user')
    .on('notifications')
    .columns(['user_id', 'read', 'created_at'])
    .execute();
  await sql`insert into notifications (id, user_id, sender_id, type, process_id, count, read, created_at, merge_key)
    select id, user_id, null, type, process_id, 1, read, created_at, id from events
    where type in ('task.assigned', 'process.finished', 'process.copied', 'process.urged')`.execute(db);
}
