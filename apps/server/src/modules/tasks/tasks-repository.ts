import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { ilike } from '../users/like-pattern.ts';

/** Whose open tasks a to-do list shows: each assignee, optionally limited to some apps (a delegation's scope). */
export interface TodoSource {
  assigneeId: string;
  /** null = every app */
  appIds: string[] | null;
}

export interface TodoFilter {
  sources: TodoSource[];
  keyword?: string;
  /** Only processes this user started. */
  ownerId?: string;
  limit: number;
  start: number;
}

/**
 * Open tasks of the given assignees, newest first. Each source is an equality on tasks_assignee_status
 * (assignee_id, status, assign_time), so the plan is one index range per assignee; paging and the count
 * happen in SQL.
 */
function todoQuery(db: Db, f: TodoFilter) {
  let q = openTasksOf(db, f.sources).innerJoin('processes as p', 'p.id', 't.process_id');
  if (f.keyword) q = q.where((eb) => eb.or([ilike('p.name', f.keyword!), ilike('p.entry', f.keyword!)]));
  if (f.ownerId) q = q.where('p.owner_id', '=', f.ownerId);
  return q;
}

/** One page of to-do tasks (whole rows, so the caller needs no second query for them) plus the total. */
export async function pageTodo(db: Db, f: TodoFilter): Promise<{ rows: Array<Selectable<Database['tasks']>>; total: number }> {
  if (f.sources.length === 0) return { rows: [], total: 0 };
  const rows = await todoQuery(db, f).selectAll('t')
    .orderBy('t.assign_time', 'desc').orderBy('t.id', 'desc').limit(f.limit).offset(f.start).execute();
  return { rows, total: await countTodo(db, f) };
}

/**
 * The to-do total. Without a filter on the process (keyword, owner) it is counted on the tasks index alone — every
 * task belongs to a process, so the join with processes changes nothing but would cost one process lookup per open
 * task (5,000 for a busy approver) on every call.
 */
async function countTodo(db: Db, f: TodoFilter): Promise<number> {
  if (f.keyword || f.ownerId) {
    const count = await todoQuery(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(count.n);
  }
  const count = await todoCountSql(db, f).executeTakeFirstOrThrow();
  return Number(count.n);
}

/** The compiled page query, for the query-plan test. */
export function todoPageSql(db: Db, f: TodoFilter) {
  return todoQuery(db, f).select(['t.id', 't.assignee_id']).orderBy('t.assign_time', 'desc').orderBy('t.id', 'desc')
    .limit(f.limit).offset(f.start).compile();
}

/** The unfiltered count: tasks_assignee_status alone (an index-only scan). */
function todoCountSql(db: Db, f: TodoFilter) {
  return openTasksOf(db, f.sources).select((eb) => eb.fn.countAll<number>().as('n'));
}

function openTasksOf(db: Db, sources: TodoSource[]) {
  return db.selectFrom('tasks as t')
    .where('t.status', '=', 'todo')
    .where((eb) => eb.or(sources.map((s) => {
      const mine = eb('t.assignee_id', '=', s.assigneeId);
      if (s.appIds === null) return mine;
      return s.appIds.length === 0 ? eb.and([mine, eb.lit(false)]) : eb.and([mine, eb('t.app_id', 'in', s.appIds)]);
    })));
}
