import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Only open tasks carry their process's list columns (write amplification of task actions).
 *
 * Migration 023 copied a process's list columns (`p_*`) into every task row of the process whenever the process row
 * changed — and it changes on every action (its last-change time). Done and cancelled tasks were rewritten too,
 * each with its entry in `tasks_todo_list`, a covering index that held every task although the to-do list reads
 * only open ones (`status = 'todo'`, tasks-repository.ts; no other query reads a task's `p_*`). Each rewritten row
 * also bumped its assignee's list version (migration 025), dropping a cached page that showed nothing of it.
 *
 * Now:
 *  - a process's change is copied into its **open** tasks only (participants and cc rows as before);
 *  - a task inserted open takes its process's columns (as before); one inserted closed takes none;
 *  - a task that becomes open again — by the engine or by an external system through the integration API — takes
 *    its process's columns at that moment, by trigger, in the same statement;
 *  - `tasks_todo_list` is a partial index on open tasks: the to-do list's queries say `status = 'todo'` as a
 *    literal (a bound value cannot prove the index's condition: SQLite would not use it, PostgreSQL's generic
 *    plan of the named statement neither).
 * The copies already held by closed tasks are left as they are (rewriting millions of rows would buy nothing: no
 * query reads them, and a task that reopens is refreshed by the trigger).
 */
const copied = [
  'entry',
  'name',
  'uri',
  'tags',
  'status',
  'created_at',
  'updated_at',
  'app_id',
  'system_id',
  'owner_id',
  'definition_code',
  'definition_version',
];
const pCols = copied.map((c) => `p_${c}`).join(', ');
const srcCols = copied.join(', ');
const newCols = copied.map((c) => `new.${c}`).join(', ');
const changed = copied.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
const reopened = `new.status = 'todo' and old.status is distinct from 'todo'`;
/**
 * A process's change copied into its list rows, the same on both databases: migration 023's statements with the
 * tasks narrowed to open ones. (Written out here rather than imported from 023: a migration stays as it ran.)
 */
const toListRows = `update tasks set (${pCols}) = (${newCols}) where process_id = new.id and status = 'todo';
  update cc_records set (${pCols}) = (${newCols}) where process_id = new.id;
  update process_participants set (${pCols}) = (${newCols}), updated_at = new.updated_at,
    finished = case when new.finished_at is not null and old.finished_at is null then 1 else finished end
    where process_id = new.id;`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await openTasksIndex(db, postgres);
}

async function sqliteTriggers(db: Kysely<unknown>) {
  const fromProcess = `update tasks set (${pCols}) = (select ${srcCols} from processes where id = new.process_id) where id = new.id;`;
  await sql.raw('drop trigger tasks_list_columns').execute(db);
  await sql
    .raw(`create trigger tasks_list_columns after insert on tasks when new.status = 'todo' begin ${fromProcess} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger tasks_list_columns_reopen after update of status on tasks when ${reopened} begin ${fromProcess} end`,
    )
    .execute(db);
  await sql.raw('drop trigger processes_list_rows').execute(db);
  await sql
    .raw(
      `create trigger processes_list_rows after update on processes when ${changed} or old.finished_at is distinct from new.finished_at begin
    ${toListRows}
  end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  // list_row_columns() (migration 023) sets the new row's copies from its process: before insert, and now before an
  // update that reopens a task.
  await sql.raw('drop trigger tasks_list_columns on tasks').execute(db);
  await sql
    .raw(
      `create trigger tasks_list_columns before insert on tasks for each row when (new.status = 'todo')
    execute function list_row_columns()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger tasks_list_columns_reopen before update of status on tasks for each row when (${reopened})
    execute function list_row_columns()`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function process_list_rows() returns trigger language plpgsql as $$
    begin
      ${toListRows}
      return null;
    end $$`,
    )
    .execute(db);
}

/** Migration 023's to-do index, on open tasks only (same key and columns). */
async function openTasksIndex(db: Kysely<unknown>, postgres: boolean) {
  const key = ['assignee_id', 'status', 'assign_time', 'id'];
  const shown = [
    'process_id',
    'step_id',
    'app_id',
    'action_name',
    'p_entry',
    'p_status',
    'p_created_at',
    'p_updated_at',
    'p_app_id',
    'p_system_id',
    'p_owner_id',
    'p_definition_code',
    'p_definition_version',
  ];
  const long = ['name', 'uri', 'actions', 'p_name', 'p_uri', 'p_tags'];
  const cols = postgres
    ? `(${key.join(', ')}) include (${shown.join(', ')})`
    : `(${[...key, ...shown, ...long].join(', ')})`;
  await sql.raw('drop index tasks_todo_list').execute(db);
  await sql.raw(`create index tasks_todo_list on tasks ${cols} where status = 'todo'`).execute(db);
}
