import type { Kysely } from 'kysely';

/**
 * Confidential clients that sign people in (kind `confidential`: the authorization-code grant with a secret, for
 * tools of the other vendor's API family) and the per-client switch that lets one of them sign in without PKCE
 * (`allow_no_pkce`, off unless a system administrator turns it on; docs/adr/0054). The `kind` column is text, so the
 * new kind needs no change to it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('oauth_clients')
    .addColumn('allow_no_pkce', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
