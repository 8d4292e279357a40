import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { preparedQuery } from '../../platform/prepared-query.ts';
import type { ProcessJoinedRow, TaskRow } from './process-presenter.ts';

/** processes joined with apps, systems and the owner: the base of every process read. */
export function joinedProcesses(db: Db) {
  return db.selectFrom('processes as p')
    .innerJoin('apps as a', 'a.id', 'p.app_id')
    .innerJoin('users as o', 'o.id', 'p.owner_id')
    .leftJoin('systems as s', 's.id', 'p.system_id')
    .select([
      'p.id', 'p.entry', 'p.name', 'p.uri', 'p.tags', 'p.status', 'p.priority', 'p.created_at', 'p.updated_at',
      'p.rating', 'p.review', 'p.data', 'p.app_id', 'a.code as app_code', 'a.name as app_name',
      'a.name_en as app_name_en', 'a.tags_en as app_tags_en', 'a.department as app_department',
      'a.department_en as app_department_en', 'p.system_id', 's.name as system_name', 's.name_en as system_name_en',
      'p.owner_id', 'o.name as owner_name', 'o.name_en as owner_name_en', 'o.account as owner_account',
      'p.definition_code', 'p.definition_version', 'p.via_system_id',
    ]);
}

/**
 * What a list row shows of a process and its joins (no form data, review or rating), for list queries that join
 * `processes as p`, `apps as a`, `users as o` and `systems as s` themselves.
 */
export const listProcessColumns = [
  'p.id', 'p.entry', 'p.name', 'p.uri', 'p.tags', 'p.status', 'p.created_at', 'p.updated_at', 'p.app_id',
  'a.code as app_code', 'a.name as app_name', 'a.name_en as app_name_en', 'a.tags_en as app_tags_en',
  'a.department as app_department', 'a.department_en as app_department_en', 'p.system_id', 's.name as system_name',
  's.name_en as system_name_en', 'p.owner_id', 'o.name as owner_name', 'o.name_en as owner_name_en',
  'o.account as owner_account', 'p.definition_code', 'p.definition_version',
] as const;

/** One process with its joins, or undefined. */
export async function findProcess(db: Db, id: string): Promise<ProcessJoinedRow | undefined> {
  return (await processById(db, { id }))[0];
}

const processById = preparedQuery(['id'], (db, s) => joinedProcesses(db).where('p.id', '=', s.id));

/** The id of the process with this serial number (entry), or undefined. */
export async function processIdByEntry(db: Db, entry: string): Promise<string | undefined> {
  return (await processByEntry(db, { entry }))[0]?.id;
}

const processByEntry = preparedQuery(['entry'], (db, s) => db.selectFrom('processes').select('id').where('entry', '=', s.entry));

/** Joined rows for a page of process ids, in the order given. */
export async function processesByIds(db: Db, ids: string[]): Promise<ProcessJoinedRow[]> {
  if (ids.length === 0) return [];
  const rows = await joinedProcesses(db).where('p.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ProcessJoinedRow => r !== undefined);
}

/** The process row for a state change, locked on PostgreSQL so concurrent changes of one process serialise. */
export async function lockProcess(trx: Db, dialect: Dialect, id: string) {
  // SQLite has one writer at a time already; it has no FOR UPDATE.
  return (await (dialect === 'postgres' ? lockedProcess : processForChange)(trx, { id }))[0];
}

const processForChange = preparedQuery(['id'], (db, s) => db.selectFrom('processes')
  .select(['id', 'app_id', 'owner_id', 'uri', 'status', 'state', 'definition_code', 'definition_version', 'rating'])
  .where('id', '=', s.id));
const lockedProcess = preparedQuery(['id'], (db, s) => db.selectFrom('processes')
  .select(['id', 'app_id', 'owner_id', 'uri', 'status', 'state', 'definition_code', 'definition_version', 'rating'])
  .where('id', '=', s.id).forUpdate());

const taskColumns = [
  'id', 'process_id', 'step_id', 'name', 'assignee_id', 'status', 'actions', 'app_id', 'uri', 'assign_time', 'action_id',
  'action_name', 'action_user_id', 'on_behalf_of_id', 'action_time', 'remark', 'via_system_id',
] as const;

/** Every task of a process, in the order they were opened. */
export async function tasksOf(db: Db, processId: string): Promise<TaskRow[]> {
  const rows = await tasksOfProcess(db, { processId });
  return rows.sort((a, b) => a.assign_time - b.assign_time || seq(a.id) - seq(b.id));
}

const pendingColumns = ['id', 'process_id', 'step_id', 'name'] as const;
// One compiled statement per page length (a list page holds at most a few dozen processes).
const pendingByCount = new Map<number, (db: Db, v: Record<string, unknown>) => Promise<Array<Pick<TaskRow, (typeof pendingColumns)[number]>>>>();

/** The open tasks of a list page's processes (pendingTasks), with the columns a list row shows. */
export async function pendingTasksOf(db: Db, processIds: string[]): Promise<Array<Pick<TaskRow, (typeof pendingColumns)[number]>>> {
  if (processIds.length === 0) return [];
  if (processIds.length > 100) {
    return db.selectFrom('tasks').select(pendingColumns).where('process_id', 'in', processIds).where('status', '=', 'todo').execute();
  }
  let run = pendingByCount.get(processIds.length);
  if (!run) {
    const slots = processIds.map((_, i) => `p${i}`);
    run = preparedQuery(slots, (db2, s) => db2.selectFrom('tasks').select(pendingColumns)
      .where('process_id', 'in', slots.map((k) => s[k]!)).where('status', '=', 'todo'));
    pendingByCount.set(processIds.length, run);
  }
  return run(db, Object.fromEntries(processIds.map((id, i) => [`p${i}`, id])));
}

/** A task by id. */
export async function findTask(db: Db, id: string): Promise<TaskRow | undefined> {
  return (await taskById(db, { id }))[0];
}

const tasksOfProcess = preparedQuery(['processId'], (db, s) =>
  db.selectFrom('tasks').select(taskColumns).where('process_id', '=', s.processId));
const taskById = preparedQuery(['id'], (db, s) => db.selectFrom('tasks').select(taskColumns).where('id', '=', s.id));

/** Copies of a process. */
export async function ccOf(db: Db, processId: string) {
  return ccOfProcess(db, { processId });
}

const ccOfProcess = preparedQuery(['processId'], (db, s) => db.selectFrom('cc_records').select(['user_id', 'read', 'created_at'])
  .where('process_id', '=', s.processId).orderBy('created_at').orderBy('user_id'));

/** True when the user administers the app. */
export async function isAppAdmin(db: Db, userId: string, appId: string): Promise<boolean> {
  return (await appAdmin(db, { userId, appId })).length > 0;
}

const appAdmin = preparedQuery(['userId', 'appId'], (db, s) => db.selectFrom('app_admins').select(sql<number>`1`.as('one'))
  .where('user_id', '=', s.userId).where('app_id', '=', s.appId));

function seq(taskId: string): number {
  return Number(taskId.slice(taskId.lastIndexOf('.') + 1)) || 0;
}
