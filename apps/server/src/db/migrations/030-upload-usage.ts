import type { Kysely } from 'kysely';

/**
 * Bytes each person uploaded per clock hour (`hour` = Unix seconds / 3600), for the hourly upload quota
 * (modules/attachments/upload-quota.ts). A ledger of its own rather than a sum over `attachments`: an upload
 * deleted again (by its owner or the orphan sweep) still counts, so uploading and deleting in a loop cannot write
 * without end. The row is also what concurrent uploads of one person queue on (its upsert locks it), on every
 * instance. Rows of past hours are deleted by the orphan sweep.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_usage')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_usage_pk', ['owner_id', 'hour'])
    .execute();
  // The quota on unattached bytes sums one owner's uploads not yet attached.
  await db.schema
    .createIndex('attachments_owner_unattached')
    .on('attachments')
    .columns(['owner_id', 'process_id'])
    .execute();
}
