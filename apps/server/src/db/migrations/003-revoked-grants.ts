import type { Kysely } from 'kysely';

/**
 * Sign-in grants ended by a logout (or a revocation), so the access tokens issued under them stop working on every
 * instance within seconds instead of living out their 15 minutes (auth/revoked-grants.ts).
 * Keyed on the grant id the tokens carry (`gid`), never on a token's text.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revoked_grants')
    .addColumn('grant_id', 'text', (c) => c.primaryKey())
    .addColumn('revoked_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_grants_revoked_at').on('revoked_grants').column('revoked_at').execute();
}
