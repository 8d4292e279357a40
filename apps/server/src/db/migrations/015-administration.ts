import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The administration console's data: the role catalogue, the department tree, app visibility, the audit
 * log, and a catalogue version kept by triggers so every instance sees catalogue changes made anywhere (by another
 * instance, by the admin CLI, or by an operator's SQL) without a restart (modules/apps/catalogue-version.ts).
 * System administrators are users holding the `admin` role (users.roles); app administrators are rows of app_admins.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('roles')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.insertInto('roles').values({ code: 'admin', name: '系统管理员', name_en: 'System administrator' }).execute();

  await db.schema.alterTable('departments').addColumn('parent_id', 'text').execute();
  // Who may see an app in the catalogue: JSON {"roles":[…],"departments":[…]}; empty means everyone.
  await db.schema
    .alterTable('apps')
    .addColumn('visible', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_account', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id', 'at']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'at']).execute();

  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('catalogue_version').values({ id: 1, version: 1 }).execute();

  // Every app column a member sees; the counters (ratings, completed) change with each process and are left out.
  const appColumns =
    'code, name, name_en, uri, tags, tags_en, icon, department, department_en, abbreviation, ' +
    'description, description_en, recommend, palette, system_id, definition_code, first_letter, initials, pinyin, ' +
    'enabled, visible';
  const watched: Array<[string, string[]]> = [
    ['apps', ['insert', 'delete', `update of ${appColumns}`]],
    ['guides', ['insert', 'delete', 'update']],
    ['guide_steps', ['insert', 'delete', 'update']],
    ['guide_step_apps', ['insert', 'delete', 'update']],
    ['systems', ['insert', 'delete', 'update of name, name_en']],
  ];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
      begin update catalogue_version set version = version + 1 where id = 1; return null; end $$`.execute(db);
    for (const [table, events] of watched) {
      // Statement-level: an import of many apps bumps the counter once.
      await sql
        .raw(
          `create trigger ${table}_catalogue_version after ${events.join(' or ').toUpperCase()} on ${table}
        for each statement execute function bump_catalogue_version()`,
        )
        .execute(db);
    }
    return;
  }
  const bump = 'begin update catalogue_version set version = version + 1 where id = 1; end';
  for (const [table, events] of watched) {
    for (const [i, event] of events.entries()) {
      await sql.raw(`create trigger ${table}_catalogue_version_${i} after ${event} on ${table} ${bump}`).execute(db);
    }
  }
}
