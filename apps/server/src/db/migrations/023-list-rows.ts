import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * List rows carry the process columns a list shows. The to-do (tasks), doing/done
 * (process_participants) and cc (cc_records) pages used to look up every row's process by its text key (index, then
 * table): two B-tree descents per row, spread over the whole file at 1,000,000 processes. Now each of those rows
 * holds a copy of its process's list columns (`p_*`), and one covering index per list, ordered by the list key,
 * serves a page as one index range.
 *
 * The copies are kept by triggers, in the same statement — so in the same transaction — as every change, whoever
 * makes it: the engine's actions, the integration API's external processes and tasks, administrators' cancel and
 * reassign, an operator's SQL. A new list row takes its process's columns when inserted; a change of those columns
 * on a process is copied to all its list rows. The same triggers keep process_participants.updated_at (the doing
 * list's "last change" order and the done list's finish time) equal to the process's, and marks participants
 * finished when the process gets its finish time: the statements that did both by hand after each action are gone
 *.
 *
 * App, owner and system names are not copied: they are joined from their small tables by primary key, so renaming
 * an app or a user shows at once without rewriting millions of rows (docs/adr/0024-statements-and-list-rows.md).
 */
const copied = [
  ['entry', 'text'],
  ['name', 'text'],
  ['uri', 'text'],
  ['tags', 'text'],
  ['status', 'text'],
  ['created_at', 'bigint'],
  ['updated_at', 'bigint'],
  ['app_id', 'text'],
  ['system_id', 'text'],
  ['owner_id', 'text'],
  ['definition_code', 'text'],
  ['definition_version', 'integer'],
] as const;
const listTables = ['tasks', 'process_participants', 'cc_records'] as const;

const pCols = copied.map(([c]) => `p_${c}`).join(', ');
const srcCols = copied.map(([c]) => c).join(', ');
const newCols = copied.map(([c]) => `new.${c}`).join(', ');
const changed = copied.map(([c]) => `old.${c} is distinct from new.${c}`).join(' or ');
const rowOf: Record<(typeof listTables)[number], string> = {
  tasks: 'id = new.id',
  process_participants: 'process_id = new.process_id and user_id = new.user_id',
  cc_records: 'id = new.id',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of listTables) {
    for (const [c, type] of copied) await db.schema.alterTable(table).addColumn(`p_${c}`, type).execute();
    // Backfill: every existing row from its process.
    await sql
      .raw(`update ${table} set (${pCols}) = (select ${srcCols} from processes p where p.id = ${table}.process_id)`)
      .execute(db);
  }
  // Participants' "last change" is the process's (it was set to the same `now` by hand after every change).
  await sql
    .raw(
      'update process_participants set updated_at = p_updated_at where p_updated_at is not null and updated_at <> p_updated_at',
    )
    .execute(db);

  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await listIndexes(db, postgres);
}

async function sqliteTriggers(db: Kysely<unknown>) {
  for (const table of listTables) {
    // A participant's "last change" is its process's, whenever it joins; one added to a process that has already
    // finished (the actor of its last step, a task a system reports done late) is finished too.
    const finished =
      table === 'process_participants'
        ? `, updated_at = coalesce((select updated_at from processes where id = new.process_id), updated_at),
        finished = case when (select finished_at from processes where id = new.process_id) is not null then 1 else finished end`
        : '';
    await sql
      .raw(
        `create trigger ${table}_list_columns after insert on ${table} begin
      update ${table} set (${pCols}) = (select ${srcCols} from processes where id = new.process_id)${finished} where ${rowOf[table]};
    end`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create trigger processes_list_rows after update on processes when ${changed} or old.finished_at is distinct from new.finished_at begin
    update tasks set (${pCols}) = (${newCols}) where process_id = new.id;
    update cc_records set (${pCols}) = (${newCols}) where process_id = new.id;
    update process_participants set (${pCols}) = (${newCols}), updated_at = new.updated_at,
      finished = case when new.finished_at is not null and old.finished_at is null then 1 else finished end
      where process_id = new.id;
  end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  const assignNew = copied.map(([c]) => `new.p_${c} := p.${c};`).join(' ');
  await sql
    .raw(
      `create function list_row_columns() returns trigger language plpgsql as $$
    declare p record;
    begin
      select ${srcCols}, finished_at into p from processes where id = new.process_id;
      if found then ${assignNew} end if;
      -- A participant's "last change" is its process's, whenever it joins; one added to a process that has already
      -- finished (the actor of its last step, a task a system reports done late) is finished too.
      if found and TG_TABLE_NAME = 'process_participants' then
        new.updated_at := p.updated_at;
        if p.finished_at is not null then new.finished := 1; end if;
      end if;
      return new;
    end $$`,
    )
    .execute(db);
  for (const table of listTables) {
    await sql
      .raw(
        `create trigger ${table}_list_columns before insert on ${table}
      for each row execute function list_row_columns()`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create function process_list_rows() returns trigger language plpgsql as $$
    begin
      update tasks set (${pCols}) = (${newCols}) where process_id = new.id;
      update cc_records set (${pCols}) = (${newCols}) where process_id = new.id;
      update process_participants set (${pCols}) = (${newCols}), updated_at = new.updated_at,
        finished = case when new.finished_at is not null and old.finished_at is null then 1 else finished end
        where process_id = new.id;
      return null;
    end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger processes_list_rows after update on processes for each row
    when (${changed} or old.finished_at is distinct from new.finished_at) execute function process_list_rows()`,
    )
    .execute(db);
}

/**
 * One index per list, in list order, holding what a page reads. SQLite has no INCLUDE: the shown columns follow the
 * key, which makes the index covering (one range per page, no table lookups). PostgreSQL includes the short
 * columns only: an index tuple must stay under ~2.7 KB, and names, URIs, tags and a task's actions come from
 * outside (the integration API), so they stay in the heap (one heap fetch per row, no process lookup).
 * The indexes they replace had the same leading columns.
 */
async function listIndexes(db: Kysely<unknown>, postgres: boolean) {
  const shown = [
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
  const long = ['p_name', 'p_uri', 'p_tags'];
  const index = async (name: string, table: string, key: string[], extra: string[], longExtra: string[]) => {
    const cols = postgres
      ? `(${key.join(', ')}) include (${extra.join(', ')})`
      : `(${[...key, ...extra, ...longExtra].join(', ')})`;
    await sql.raw(`create index ${name} on ${table} ${cols}`).execute(db);
  };
  await index(
    'tasks_todo_list',
    'tasks',
    ['assignee_id', 'status', 'assign_time', 'id'],
    ['process_id', 'step_id', 'app_id', 'action_name', ...shown],
    ['name', 'uri', 'actions', ...long],
  );
  await index(
    'pp_doing_list',
    'process_participants',
    ['user_id', 'finished', 'created_at', 'process_id'],
    ['is_owner', 'updated_at', ...shown],
    long,
  );
  await index(
    'pp_done_list',
    'process_participants',
    ['user_id', 'finished', 'updated_at', 'process_id'],
    ['is_owner', 'created_at', ...shown],
    long,
  );
  await index('cc_list', 'cc_records', ['user_id', 'read', 'created_at', 'process_id'], shown, long);
  for (const old of ['tasks_assignee_status', 'pp_user_created', 'pp_user_updated', 'cc_user_read_created']) {
    await db.schema.dropIndex(old).execute();
  }
}
