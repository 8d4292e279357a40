import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The doing and done lists' indexes hold only the participants each list reads (actions at
 * 1,000,000).
 *
 * Migration 023's `pp_doing_list` and `pp_done_list` each held every participant, with the process's list columns
 * copied in (covering, ~500 MB each at 1,000,000 processes). Every action changes its process's last-change time,
 * which the triggers copy into all its participants, so each participant of the process moved in **both** indexes,
 * although the doing list reads only `finished = 0` and the done list only `finished = 1`. Measured on a copy of the
 * 1,000,000 file: 13.4 of an approval's 37.6 written pages were these two indexes; partial, 10.4 (35.8 in all), and
 * −6 % CPU per action (docs/adr/0036-partial-doing-done-indexes-for-actions-at-1-000-000.md).
 *
 * Same keys and columns as before, now `where finished = 0` (doing) and `where finished = 1` (done). The queries
 * write the flag as a literal (process-lists-repository.ts, start-limits.ts): a bound value cannot prove a partial
 * index's condition (SQLite would not use it and would re-compile the statement on every bind; PostgreSQL's generic
 * plan of a named statement could not use it).
 */
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const index = async (name: string, key: string[], extra: string[], finished: 0 | 1) => {
    const cols = postgres
      ? `(${key.join(', ')}) include (${extra.join(', ')})`
      : `(${[...key, ...extra, ...long].join(', ')})`;
    await sql.raw(`drop index ${name}`).execute(db);
    await sql.raw(`create index ${name} on process_participants ${cols} where finished = ${finished}`).execute(db);
  };
  await index(
    'pp_doing_list',
    ['user_id', 'finished', 'created_at', 'process_id'],
    ['is_owner', 'updated_at', ...shown],
    0,
  );
  await index(
    'pp_done_list',
    ['user_id', 'finished', 'updated_at', 'process_id'],
    ['is_owner', 'created_at', ...shown],
    1,
  );
}
