import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Attachments: uploaded files, kept in the database itself (bytea on PostgreSQL, BLOB on SQLite) so
 * the one backup of the database holds them too (docs/operations.md, "Attachments"). A row is an upload of its owner
 * for one attachment field of an app's form (`app_id`, `field`) until a start or resubmit attaches it (`process_id`); uploads never
 * attached are swept after a day (modules/attachments/attachments-plugin.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('data', bytes, (c) => c.notNull())
    .addColumn('process_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attached_at', 'bigint')
    .execute();
  await db.schema.createIndex('attachments_process').on('attachments').columns(['process_id']).execute();
  // The orphan sweep asks for old rows without a process.
  await db.schema
    .createIndex('attachments_unattached')
    .on('attachments')
    .columns(['process_id', 'created_at'])
    .execute();
}
