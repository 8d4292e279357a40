import type { Kysely } from 'kysely';

/**
 * Images the administration console uploads: app icons and the enterprise's logo and banners. Stored in
 * the database as base64 text (SQLite and PostgreSQL alike, so a backup includes them); checked by content and, for
 * SVG, sanitised before they get here (modules/admin/images/check-picture.ts). Served at /static/images/<id>.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .execute();
}
