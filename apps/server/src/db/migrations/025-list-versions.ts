import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Per-user list versions for the list page cache (platform/list-cache.ts). `list_versions` holds
 * one row per user whose lists ever changed (`v` grows by one with every change) and one global row, user id `''`,
 * for what every list joins by key (app, user and system names, definitions).
 *
 * The versions are moved by **triggers**, in the same statement — so the same transaction — as the change, whoever
 * makes it (engine actions, the integration API, administrators, an operator's SQL):
 *  - a row of `tasks`, `process_participants` or `cc_records` inserted, updated or deleted: its user (the assignee,
 *    participant or recipient; old and new when it moves to someone else);
 *  - a task entering or leaving the open set, or an open task renamed: also every participant and cc recipient of its
 *    process (doing, done and cc rows show the process's open tasks);
 *  - a process's shown columns change: migration 023's triggers copy them into its list rows, whose triggers above
 *    move their users;
 *  - `apps`, `users`, `systems` (the columns a list row shows), `process_definitions` (task and step names): the
 *    global row.
 * A cached page is served only while both its user's and the global version are the ones it was built under.
 */
/** The users whose doing/done/cc rows show the open tasks of a process. */
const membersOf = (processId: string) => `select user_id from process_participants where process_id = ${processId}
  union select user_id from cc_records where process_id = ${processId}`;
/** A task's change that doing/done/cc rows of its process show: its open set (id, step, name of todo tasks). */
const openChanged = `(old.status = 'todo') is distinct from (new.status = 'todo')
  or (new.status = 'todo' and (old.name is distinct from new.name or old.step_id is distinct from new.step_id))`;
const userOf = { tasks: 'assignee_id', process_participants: 'user_id', cc_records: 'user_id' } as const;
const globals: Array<[string, string[]]> = [
  ['apps', ['code', 'name', 'name_en', 'tags_en', 'department', 'department_en']],
  ['users', ['name', 'name_en', 'account']],
  ['systems', ['name', 'name_en']],
  ['process_definitions', ['definition']],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('list_versions')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('v', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into list_versions (user_id, v) values ('', 1)`.execute(db);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const bump = (user: string) =>
  `insert into list_versions (user_id, v) values (${user}, 1) on conflict (user_id) do update set v = list_versions.v + 1;`;
const bumpAll = (select: string) =>
  `insert into list_versions (user_id, v) select user_id, 1 from (${select}) where true
    on conflict (user_id) do update set v = list_versions.v + 1;`;
const bumpGlobal = `update list_versions set v = v + 1 where user_id = '';`;

async function sqliteTriggers(db: Kysely<unknown>) {
  for (const [table, user] of Object.entries(userOf)) {
    const members = table === 'tasks';
    await sql
      .raw(
        `create trigger ${table}_list_version_insert after insert on ${table} begin
      ${bump(`new.${user}`)}
      ${members ? bumpAll(membersOf('new.process_id')) : ''}
    end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_list_version_delete after delete on ${table} begin
      ${bump(`old.${user}`)}
      ${members ? bumpAll(membersOf('old.process_id')) : ''}
    end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_list_version_update after update on ${table} begin
      ${bump(`new.${user}`)}
      insert into list_versions (user_id, v) select old.${user}, 1 where old.${user} is not new.${user}
        on conflict (user_id) do update set v = list_versions.v + 1;
    end`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create trigger tasks_list_version_open after update on tasks when ${openChanged} begin
    ${bumpAll(membersOf('new.process_id'))}
  end`,
    )
    .execute(db);
  for (const [table, cols] of globals) {
    await sql
      .raw(
        `create trigger ${table}_list_version_update after update of ${cols.join(', ')} on ${table}
      when ${cols.map((c) => `old.${c} is not new.${c}`).join(' or ')} begin ${bumpGlobal} end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${table}_list_version_delete after delete on ${table} begin ${bumpGlobal} end`)
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>) {
  // A version row is a row lock held to commit. Bumped where each change happens, two concurrent actions sharing
  // members (an applicant, a department head) in opposite orders deadlocked and PostgreSQL aborted one
  // (list-versions-lock-order.test.ts). So the triggers only note whom the transaction moves, in
  // `list_version_pending` (its own rows, keyed by transaction: concurrent inserts never wait on each other), and
  // a deferred trigger bumps them all at commit in one statement, in user-id order: every transaction takes its
  // version locks last and in the same order, so they can wait on each other but never deadlock. The global row is
  // user id '' (sorted first). Unlogged: the notes of a transaction never outlive it, and a crash aborts it anyway.
  await sql
    .raw(
      `create unlogged table list_version_pending (
    tx bigint not null, user_id text not null, primary key (tx, user_id))`,
    )
    .execute(db);
  const note = (select: string) => `insert into list_version_pending (tx, user_id)
      select txid_current(), user_id from (${select}) m where user_id is not null on conflict do nothing;`;
  await sql
    .raw(
      `create function list_version_flush() returns trigger language plpgsql as $$
    begin
      with mine as (delete from list_version_pending where tx = txid_current() returning user_id)
      insert into list_versions (user_id, v) select user_id, 1 from mine order by user_id
        on conflict (user_id) do update set v = list_versions.v + 1;
      return null;
    end $$`,
    )
    .execute(db);
  // One event per user noted (a repeated note inserts nothing); the first to fire at commit bumps them all, the
  // others find nothing left.
  await sql
    .raw(
      `create constraint trigger list_version_pending_flush after insert on list_version_pending
    deferrable initially deferred for each row execute function list_version_flush()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function list_version_of_row() returns trigger language plpgsql as $$
    declare
      col text := TG_ARGV[0];
      old_user text;
      new_user text;
    begin
      if TG_OP <> 'INSERT' then old_user := to_jsonb(old) ->> col; end if;
      if TG_OP <> 'DELETE' then new_user := to_jsonb(new) ->> col; end if;
      ${note('select new_user as user_id union select old_user')}
      if TG_TABLE_NAME = 'tasks' then
        if TG_OP = 'INSERT' then
          ${note(membersOf('new.process_id'))}
        elsif TG_OP = 'DELETE' then
          ${note(membersOf('old.process_id'))}
        elsif ${openChanged} then
          ${note(membersOf('new.process_id'))}
        end if;
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  for (const [table, user] of Object.entries(userOf)) {
    await sql
      .raw(
        `create trigger ${table}_list_version after insert or update or delete on ${table}
      for each row execute function list_version_of_row('${user}')`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create function list_version_global() returns trigger language plpgsql as $$
    begin ${note("select ''::text as user_id")} return null; end $$`,
    )
    .execute(db);
  for (const [table, cols] of globals) {
    await sql
      .raw(
        `create trigger ${table}_list_version_update after update of ${cols.join(', ')} on ${table}
      for each row when (${cols.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')})
      execute function list_version_global()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_list_version_delete after delete on ${table}
      for each row execute function list_version_global()`,
      )
      .execute(db);
  }
}
