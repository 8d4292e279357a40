import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A counter that moves whenever anything the workflow engine's Directory reads changes: a user's account, roles,
 * department or disabled flag, a new or deleted user, a department's head. Triggers keep it, so changes made by any
 * instance, by a provisioning first sign-in or by an operator's SQL all count. Every instance keeps the Directory in
 * memory and rebuilds it only when this number differs from the one it was built at (users/directory.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('directory_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('directory_version').values({ id: 1, version: 1 }).execute();

  const users = 'INSERT OR DELETE OR UPDATE OF account, roles, department_id, disabled ON users';
  const departments = 'INSERT OR DELETE OR UPDATE OF head_user_id ON departments';
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function bump_directory_version() returns trigger language plpgsql as $$
      begin update directory_version set version = version + 1 where id = 1; return null; end $$`.execute(db);
    // Statement-level: a bulk import bumps the counter once, not once per row.
    await sql
      .raw(
        `create trigger users_directory_version after ${users}
      for each statement execute function bump_directory_version()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger departments_directory_version after ${departments}
      for each statement execute function bump_directory_version()`,
      )
      .execute(db);
    return;
  }
  // SQLite triggers are per row and name one event each.
  const bump = 'begin update directory_version set version = version + 1 where id = 1; end';
  for (const [table, events] of [
    ['users', ['insert', 'delete', 'update of account, roles, department_id, disabled']],
    ['departments', ['insert', 'delete', 'update of head_user_id']],
  ] as const) {
    for (const [i, event] of events.entries()) {
      await sql.raw(`create trigger ${table}_directory_version_${i} after ${event} on ${table} ${bump}`).execute(db);
    }
  }
}
