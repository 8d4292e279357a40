import type { Kysely } from 'kysely';

/**
 * Definitions are data: each stored version says where it came from and who published it. `template`
 * rows are the built-in flows stored from packages/engine's JSON at start (also with SEED=none); `published` rows
 * were published by an administrator (API or CLI). A start never stores a template over a published version, so an
 * institution's own flow survives upgrades (docs/adr/0015-definitions-are-data-one-validator.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('process_definitions')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('template'))
    .execute();
  // The publishing user's account ("cli:<os user>" from the admin CLI); null for templates.
  await db.schema.alterTable('process_definitions').addColumn('published_by', 'text').execute();
  // Which versions still have running processes (the publish check's removed-field rule) is asked per code.
  await db.schema
    .createIndex('processes_definition_status')
    .on('processes')
    .columns(['definition_code', 'status', 'definition_version'])
    .execute();
}
