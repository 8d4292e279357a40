import type { Kysely } from 'kysely';

/**
 * Registered OAuth clients: confidential *system* clients (the `client_credentials` grant, bound to
 * one system and so to that system's apps) and *public* clients of native and command-line tools (authorization code
 * with PKCE, loopback redirect URIs). The embedded IdP reads them here (idp/registered-clients-adapter.ts); bearer
 * authentication recognises their tokens by client id (auth/registered-client-tokens.ts), whichever IdP issued them.
 * A system secret is kept only as a hash; rotating it replaces the hash, so the old secret stops working at once.
 * A system client acting for a person is remembered on what it did: `via_system_id` on the
 * process it started and on the task it handled, so the timeline reads "system X for user Y".
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('systems')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('systems')
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('systems')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('oauth_clients')
    // The OAuth client_id itself: what tokens carry in `client_id` / `azp`.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // 'system' (confidential, client_credentials) or 'public' (PKCE, loopback redirects).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('system_id', 'text')
    // `sha256:<hex>` of the secret (system clients only); the secret itself is shown once and never stored.
    .addColumn('secret_hash', 'text')
    .addColumn('secret_rotated_at', 'bigint')
    // Space-separated scopes the client may ask for.
    .addColumn('scopes', 'text', (c) => c.notNull())
    // JSON array of redirect URIs (public clients only).
    .addColumn('redirect_uris', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('processes').addColumn('via_system_id', 'text').execute();
  await db.schema.alterTable('tasks').addColumn('via_system_id', 'text').execute();
  await db.schema.createIndex('oauth_clients_system').on('oauth_clients').column('system_id').execute();
}
