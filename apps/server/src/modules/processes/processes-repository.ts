import { sql } from 'kysely';

import type { Db, Dialect } from '../../db/database.ts';
import { preparedQuery } from '../../platform/prepared-query.ts';
import { TODO } from '../tasks/open-status.ts';
import type { ProcessJoinedRow, TaskRow } from './process-presenter.ts';

/** processes joined with apps, systems and the owner: the base of every process read. */
export function joinedProcesses(db: Db) {
  return db
    .selectFrom('processes as p')
    .innerJoin('apps as a', 'a.id', 'p.app_id')
    .innerJoin('users as o', 'o.id', 'p.owner_id')
    .leftJoin('systems as s', 's.id', 'p.system_id')
    .select([
      'p.id',
      'p.entry',
      'p.name',
      'p.uri',
      'p.tags',
      'p.status',
      'p.priority',
      'p.created_at',
      'p.updated_at',
      'p.rating',
      'p.review',
      'p.data',
      'p.app_id',
      'a.code as app_code',
      'a.name as app_name',
      'a.name_en as app_name_en',
      'a.tags_en as app_tags_en',
      'a.department as app_department',
      'a.department_en as app_department_en',
      'p.system_id',
      's.name as system_name',
      's.name_en as system_name_en',
      'p.owner_id',
      'o.name as owner_name',
      'o.name_en as owner_name_en',
      'o.account as owner_account',
      'p.definition_code',
      'p.definition_version',
      'p.via_system_id',
    ]);
}

/**
 * What a list row shows of a process and its joins (no form data, review or rating), for list queries that join
 * `processes as p`, `apps as a`, `users as o` and `systems as s` themselves.
 */
export const listProcessColumns = [
  'p.id',
  'p.entry',
  'p.name',
  'p.uri',
  'p.tags',
  'p.status',
  'p.created_at',
  'p.updated_at',
  'p.app_id',
  'a.code as app_code',
  'a.name as app_name',
  'a.name_en as app_name_en',
  'a.tags_en as app_tags_en',
  'a.department as app_department',
  'a.department_en as app_department_en',
  'p.system_id',
  's.name as system_name',
  's.name_en as system_name_en',
  'p.owner_id',
  'o.name as owner_name',
  'o.name_en as owner_name_en',
  'o.account as owner_account',
  'p.definition_code',
  'p.definition_version',
] as const;

/**
 * The same columns read from a list row's own copy of its process (migrations/023-list-rows.ts): a page is one
 * range of the list's index, then apps, users and systems by primary key — no process lookup.
 */
function rowColumns<A extends 't' | 'pp' | 'c'>(a: A) {
  return [
    `${a}.process_id as id`,
    `${a}.p_entry as entry`,
    `${a}.p_name as name`,
    `${a}.p_uri as uri`,
    `${a}.p_tags as tags`,
    `${a}.p_status as status`,
    `${a}.p_created_at as created_at`,
    `${a}.p_updated_at as updated_at`,
    `${a}.p_app_id as app_id`,
    'a.code as app_code',
    'a.name as app_name',
    'a.name_en as app_name_en',
    'a.tags_en as app_tags_en',
    'a.department as app_department',
    'a.department_en as app_department_en',
    `${a}.p_system_id as system_id`,
    's.name as system_name',
    's.name_en as system_name_en',
    `${a}.p_owner_id as owner_id`,
    'o.name as owner_name',
    'o.name_en as owner_name_en',
    'o.account as owner_account',
    `${a}.p_definition_code as definition_code`,
    `${a}.p_definition_version as definition_version`,
  ] as const;
}
export const todoRowColumns = rowColumns('t');
export const participantRowColumns = rowColumns('pp');
export const ccRowColumns = rowColumns('c');

/**
 * One process with its joins and whether the viewer administers its app, in one query (the detail's visibility rule
 * needs both; two statements before).
 */
export async function findProcessForViewer(
  db: Db,
  id: string,
  userId: string,
): Promise<(ProcessJoinedRow & { viewer_admin: boolean }) | undefined> {
  const row = (await processForViewer(db, { id, userId }))[0];
  return row && { ...row, viewer_admin: Boolean(Number(row.viewer_admin)) };
}

const forViewer = (db: Db, s: Record<'userId' | 'id', never>) =>
  joinedProcesses(db)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('app_admins as aa')
            .select(sql<number>`1`.as('one'))
            .where('aa.user_id', '=', s.userId)
            .whereRef('aa.app_id', '=', 'p.app_id'),
        )
        .as('viewer_admin'),
    )
    .where('p.id', '=', s.id);
const processForViewer = preparedQuery(['userId', 'id'], forViewer);

/**
 * The process row for a task action, locked on PostgreSQL (as lockProcess), read with its joins and the viewer's
 * administration of its app: after the action the detail is built from it (status and last change updated) instead
 * of reading the row again.
 */
export async function lockProcessForViewer(trx: Db, dialect: Dialect, id: string, userId: string) {
  const row = (await (dialect === 'postgres' ? lockedForViewer : changeForViewer)(trx, { id, userId }))[0];
  return row && { ...row, viewer_admin: Boolean(Number(row.viewer_admin)) };
}

const changeForViewer = preparedQuery(['userId', 'id'], (db, s) => forViewer(db, s).select('p.state'));
const lockedForViewer = preparedQuery(['userId', 'id'], (db, s) => forViewer(db, s).select('p.state').forUpdate(['p']));

/**
 * A process's copies and the times it was urged, in one query (both are small per-process reads the detail needs;
 * two statements before). Copies ordered by time then user, urge times ascending and distinct.
 */
export async function ccAndUrgesOf(db: Db, processId: string, urgeType: string) {
  const rows = await ccAndUrges(db, { processId, urgeProcessId: processId, urgeType });
  const cc = rows
    .filter((r) => r.kind === 'cc')
    .map((r) => ({ user_id: r.user_id!, read: Number(r.read), created_at: Number(r.created_at) }))
    .sort((a, b) => a.created_at - b.created_at || (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0));
  const urges = [...new Set(rows.filter((r) => r.kind === 'urge').map((r) => Number(r.created_at)))].sort(
    (a, b) => a - b,
  );
  return { cc, urges };
}

const ccAndUrges = preparedQuery(['processId', 'urgeProcessId', 'urgeType'], (db, s) =>
  db
    .selectFrom('cc_records')
    .select([
      sql<string>`'cc'`.as('kind'),
      sql<string | null>`${sql.ref('user_id')}`.as('user_id'),
      sql<number | null>`${sql.ref('read')}`.as('read'),
      'created_at',
    ])
    .where('process_id', '=', s.processId)
    .unionAll(
      db
        .selectFrom('events')
        .select([
          sql<string>`'urge'`.as('kind'),
          sql<string | null>`null`.as('user_id'),
          sql<number | null>`null`.as('read'),
          'created_at',
        ])
        .where('process_id', '=', s.urgeProcessId)
        .where('type', '=', s.urgeType),
    ),
);

/** One process with its joins, or undefined. */
export async function findProcess(db: Db, id: string): Promise<ProcessJoinedRow | undefined> {
  return (await processById(db, { id }))[0];
}

const processById = preparedQuery(['id'], (db, s) => joinedProcesses(db).where('p.id', '=', s.id));

/** The id of the process with this serial number (entry), or undefined. */
export async function processIdByEntry(db: Db, entry: string): Promise<string | undefined> {
  return (await processByEntry(db, { entry }))[0]?.id;
}

const processByEntry = preparedQuery(['entry'], (db, s) =>
  db.selectFrom('processes').select('id').where('entry', '=', s.entry),
);

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

const processForChange = preparedQuery(['id'], (db, s) =>
  db
    .selectFrom('processes')
    .select(['id', 'app_id', 'owner_id', 'uri', 'status', 'state', 'definition_code', 'definition_version', 'rating'])
    .where('id', '=', s.id),
);
const lockedProcess = preparedQuery(['id'], (db, s) =>
  db
    .selectFrom('processes')
    .select(['id', 'app_id', 'owner_id', 'uri', 'status', 'state', 'definition_code', 'definition_version', 'rating'])
    .where('id', '=', s.id)
    .forUpdate(),
);

const taskColumns = [
  'id',
  'process_id',
  'step_id',
  'name',
  'assignee_id',
  'status',
  'actions',
  'app_id',
  'uri',
  'assign_time',
  'action_id',
  'action_name',
  'action_user_id',
  'on_behalf_of_id',
  'action_time',
  'remark',
  'via_system_id',
  'handed_to_id',
] as const;

/** Every task of a process, in the order they were opened. */
export async function tasksOf(db: Db, processId: string): Promise<TaskRow[]> {
  const rows = await tasksOfProcess(db, { processId });
  return rows.sort((a, b) => a.assign_time - b.assign_time || seq(a.id) - seq(b.id));
}

const pendingColumns = ['id', 'process_id', 'step_id', 'name'] as const;
// One compiled statement per page length (a list page holds at most a few dozen processes).
const pendingByCount = new Map<
  number,
  (db: Db, v: Record<string, unknown>) => Promise<Array<Pick<TaskRow, (typeof pendingColumns)[number]>>>
>();

/** The open tasks of a list page's processes (pendingTasks), with the columns a list row shows. */
export async function pendingTasksOf(
  db: Db,
  processIds: string[],
): Promise<Array<Pick<TaskRow, (typeof pendingColumns)[number]>>> {
  if (processIds.length === 0) return [];
  if (processIds.length > 100) {
    return db
      .selectFrom('tasks')
      .select(pendingColumns)
      .where('process_id', 'in', processIds)
      .where('status', '=', TODO)
      .execute();
  }
  let run = pendingByCount.get(processIds.length);
  if (!run) {
    const slots = processIds.map((_, i) => `p${i}`);
    run = preparedQuery(slots, (db2, s) =>
      db2
        .selectFrom('tasks')
        .select(pendingColumns)
        .where(
          'process_id',
          'in',
          slots.map((k) => s[k]!),
        )
        .where('status', '=', TODO),
    );
    pendingByCount.set(processIds.length, run);
  }
  return run(db, Object.fromEntries(processIds.map((id, i) => [`p${i}`, id])));
}

/**
 * A task with what an action checks before its transaction, in one query: the process's starter and external id,
 * and the directory's version (users/directory.ts) — three statements before.
 */
export async function findTaskForAction(db: Db, id: string) {
  return (await taskForAction(db, { id }))[0];
}

const taskForAction = preparedQuery(['id'], (db, s) =>
  db
    .selectFrom('tasks as t')
    .innerJoin('processes as p', 'p.id', 't.process_id')
    .select(taskColumns.map((c) => `t.${c}` as const))
    .select(['p.owner_id as starter_owner_id', 'p.external_id as starter_external_id'])
    .select((eb) => eb.selectFrom('directory_version').select('version').where('id', '=', 1).as('directory_version'))
    .where('t.id', '=', s.id),
);

/** A task by id. */
export async function findTask(db: Db, id: string): Promise<TaskRow | undefined> {
  return (await taskById(db, { id }))[0];
}

const tasksOfProcess = preparedQuery(['processId'], (db, s) =>
  db.selectFrom('tasks').select(taskColumns).where('process_id', '=', s.processId),
);
const taskById = preparedQuery(['id'], (db, s) => db.selectFrom('tasks').select(taskColumns).where('id', '=', s.id));

/** Copies of a process. */
export async function ccOf(db: Db, processId: string) {
  return ccOfProcess(db, { processId });
}

const ccOfProcess = preparedQuery(['processId'], (db, s) =>
  db
    .selectFrom('cc_records')
    .select(['user_id', 'read', 'created_at'])
    .where('process_id', '=', s.processId)
    .orderBy('created_at')
    .orderBy('user_id'),
);

/** True when the user administers the app. */
export async function isAppAdmin(db: Db, userId: string, appId: string): Promise<boolean> {
  return (await appAdmin(db, { userId, appId })).length > 0;
}

const appAdmin = preparedQuery(['userId', 'appId'], (db, s) =>
  db
    .selectFrom('app_admins')
    .select(sql<number>`1`.as('one'))
    .where('user_id', '=', s.userId)
    .where('app_id', '=', s.appId),
);

function seq(taskId: string): number {
  return Number(taskId.slice(taskId.lastIndexOf('.') + 1)) || 0;
}
