import type { Db } from '../../db/database.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { preparedQuery } from '../../platform/prepared-query.ts';
import type { ProcessListRow, TaskRow } from '../processes/process-presenter.ts';
import { todoRowColumns } from '../processes/processes-repository.ts';
import { ilike } from '../users/like-pattern.ts';
import { TODO } from './open-status.ts';

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

/** A to-do row: the task and its process with the joins a list shows, in one row. */
export type TodoRow = ProcessListRow & {
  task_id: string;
  task_name: string;
  task_step_id: string;
  task_assignee_id: string;
  task_actions: string;
  task_uri: string;
  task_assign_time: number;
  task_action_name: string;
};

/**
 * Open tasks of the given assignees, newest first. Each source is an equality on tasks_todo_list
 * (assignee_id, status, assign_time, id, then every column the page shows), so the plan is one range of a covering
 * index per assignee; paging and the count happen in SQL.
 */
function todoQuery(db: Db, f: TodoFilter) {
  // The process's columns are the task row's own copies (migrations/023-list-rows.ts): no process lookup.
  let q = openTasksOf(db, f.sources);
  if (f.keyword) {
    const kw = f.keyword;
    // Pinyin too, as in the catalogue: "qjsq" finds the tasks of 请假申请 (the app's stored initials and pinyin).
    q = q.where((eb) =>
      eb.or([
        ilike('t.p_name', kw),
        ilike('t.p_entry', kw),
        eb(
          't.p_app_id',
          'in',
          eb
            .selectFrom('apps')
            .select('apps.id')
            .where(eb.or([ilike('apps.initials', kw), ilike('apps.pinyin', kw)])),
        ),
      ]),
    );
  }
  if (f.ownerId) q = q.where('t.p_owner_id', '=', f.ownerId);
  return q;
}

/** The page query: the task rows of one page joined with what the list shows of their processes. */
function todoPageQuery(db: Db, f: TodoFilter) {
  return todoQuery(db, f)
    .innerJoin('apps as a', 'a.id', 't.p_app_id')
    .innerJoin('users as o', 'o.id', 't.p_owner_id')
    .leftJoin('systems as s', 's.id', 't.p_system_id')
    .select([
      ...todoRowColumns,
      't.id as task_id',
      't.name as task_name',
      't.step_id as task_step_id',
      't.assignee_id as task_assignee_id',
      't.actions as task_actions',
      't.uri as task_uri',
      't.assign_time as task_assign_time',
      't.action_name as task_action_name',
    ])
    .orderBy('t.assign_time', 'desc')
    .orderBy('t.id', 'desc')
    .limit(literalLimit(f.limit))
    .offset(f.start);
}

// The common case (my own list, no filter) as a query compiled once: page and total.
const myTodoPage = preparedQuery(['assigneeId', 'limit', 'start'], (db, s) =>
  todoPageQuery(db, { sources: [{ assigneeId: s.assigneeId, appIds: null }], limit: s.limit, start: s.start }),
);
const myTodoCount = preparedQuery(['assigneeId'], (db, s) =>
  todoCountSql(db, [{ assigneeId: s.assigneeId, appIds: null }]),
);

/** One page of to-do rows (task and process in one row, so the caller needs no second query) plus the total. */
export async function pageTodo(db: Db, f: TodoFilter): Promise<{ rows: TodoRow[]; total: number }> {
  if (f.sources.length === 0) return { rows: [], total: 0 };
  const only =
    f.sources.length === 1 && f.sources[0]!.appIds === null && !f.keyword && !f.ownerId
      ? f.sources[0]!.assigneeId
      : null;
  if (only !== null) {
    const [rows, count] = await Promise.all([
      myTodoPage(db, { assigneeId: only, limit: f.limit, start: f.start }),
      myTodoCount(db, { assigneeId: only }),
    ]);
    return { rows: rows as TodoRow[], total: Number(count[0]?.n ?? 0) };
  }
  const rows = await todoPageQuery(db, f).execute();
  return { rows: rows as TodoRow[], total: await countTodo(db, f) };
}

/** The task columns of a to-do row, as the task presenter takes them. */
export function todoTask(
  r: TodoRow,
): Pick<
  TaskRow,
  'id' | 'name' | 'step_id' | 'assignee_id' | 'actions' | 'uri' | 'assign_time' | 'action_name' | 'process_id'
> {
  return {
    id: r.task_id,
    name: r.task_name,
    step_id: r.task_step_id,
    assignee_id: r.task_assignee_id,
    actions: r.task_actions,
    uri: r.task_uri,
    assign_time: r.task_assign_time,
    action_name: r.task_action_name,
    process_id: r.id,
  };
}

/**
 * The to-do total. Without a filter on the process (keyword, owner) it is counted on the tasks index alone — every
 * task belongs to a process, so the join with processes changes nothing but would cost one process lookup per open
 * task (5,000 for a busy approver) on every call.
 */
async function countTodo(db: Db, f: TodoFilter): Promise<number> {
  if (f.keyword || f.ownerId) {
    const count = await todoQuery(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(count.n);
  }
  const count = await todoCountSql(db, f.sources).executeTakeFirstOrThrow();
  return Number(count.n);
}

/** The compiled page query, for the query-plan test. */
export function todoPageSql(db: Db, f: TodoFilter) {
  return todoPageQuery(db, f).compile();
}

/** The unfiltered count: tasks_todo_list alone (an index-only scan). */
function todoCountSql(db: Db, sources: TodoSource[]) {
  return openTasksOf(db, sources).select((eb) => eb.fn.countAll<number>().as('n'));
}

function openTasksOf(db: Db, sources: TodoSource[]) {
  // `status = 'todo'` (a literal: open-status.ts) stands in every source's term: SQLite's OR plan (one range of the
  // partial tasks_todo_list per source) looks at each term alone.
  return db.selectFrom('tasks as t').where((eb) =>
    eb.or(
      sources.map((s) => {
        const mine = eb.and([eb('t.assignee_id', '=', s.assigneeId), eb('t.status', '=', TODO)]);
        if (s.appIds === null) return mine;
        return s.appIds.length === 0 ? eb.and([mine, eb.lit(false)]) : eb.and([mine, eb('t.app_id', 'in', s.appIds)]);
      }),
    ),
  );
}
