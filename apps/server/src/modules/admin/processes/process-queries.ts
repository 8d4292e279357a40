import { sql } from 'kysely';

import type { AdminProcess } from '@service-hall/contracts';
import type { ProcessDefinition } from '@service-hall/engine';

import type { Db } from '../../../db/database.ts';
import { literalLimit } from '../../../db/literal-limit.ts';
import type { Locale } from '../../../i18n/messages.ts';
import { definitionAt } from '../../definitions/definitions-repository.ts';
import { taskName } from '../../processes/process-presenter.ts';
import { TODO } from '../../tasks/open-status.ts';
import { likePattern } from '../../users/like-pattern.ts';

export interface ProcessFilter {
  keyword?: string;
  applicant?: string;
  status?: AdminProcess['status'];
  appId?: string;
  from?: number;
  to?: number;
  /** The apps the caller administers; null: every app (a system administrator). */
  appIds: string[] | null;
}

const ilike = (column: string, keyword: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like lower(${likePattern(keyword)}) escape '\\'`;
const named = (locale: Locale, zh: string | null, en: string | null) => (locale === 'en' && en ? en : (zh ?? ''));

function processesQuery(db: Db, f: ProcessFilter) {
  let q = db
    .selectFrom('processes')
    .innerJoin('apps', 'apps.id', 'processes.app_id')
    .innerJoin('users', 'users.id', 'processes.owner_id')
    .leftJoin('systems', 'systems.id', 'processes.system_id')
    .where('processes.draft', '=', 0);
  if (f.appIds) q = q.where('processes.app_id', 'in', f.appIds.length ? f.appIds : ['']);
  if (f.appId) q = q.where('processes.app_id', '=', f.appId);
  if (f.status) q = q.where('processes.status', '=', f.status);
  if (f.from !== undefined) q = q.where('processes.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('processes.created_at', '<', f.to);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([ilike('processes.entry', k), ilike('processes.name', k)]));
  }
  if (f.applicant) {
    const a = f.applicant;
    q = q.where((eb) => eb.or([ilike('users.account', a), ilike('users.name', a), ilike('users.name_en', a)]));
  }
  return q;
}

/** A page of the processes an administrator may see, newest first, each with its open tasks and their assignees. */
export async function listAdminProcesses(
  db: Db,
  locale: Locale,
  f: ProcessFilter,
  page: { start: number; limit: number },
): Promise<{ total: number; entities: AdminProcess[] }> {
  const [count, rows] = await Promise.all([
    processesQuery(db, f)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
    processesQuery(db, f)
      .select([
        'processes.id',
        'processes.entry',
        'processes.name',
        'processes.app_id',
        'processes.status',
        'processes.definition_code',
        'processes.definition_version',
        'processes.owner_id',
        'processes.created_at',
        'processes.updated_at',
        'processes.finished_at',
        'apps.name as app',
        'apps.name_en as app_en',
        'users.account',
        'users.name as owner',
        'users.name_en as owner_en',
        'processes.external_id',
        'processes.system_id',
        'systems.name as system',
        'systems.name_en as system_en',
      ])
      .orderBy('processes.created_at', 'desc')
      .orderBy('processes.id', 'desc')
      .offset(page.start)
      .limit(literalLimit(page.limit))
      .execute(),
  ]);
  const open = rows.filter((r) => r.status === 'doing').map((r) => r.id);
  const tasks =
    open.length === 0
      ? []
      : await db
          .selectFrom('tasks')
          .innerJoin('users', 'users.id', 'tasks.assignee_id')
          .select([
            'tasks.id',
            'tasks.process_id',
            'tasks.name',
            'tasks.step_id',
            'tasks.assignee_id',
            'tasks.assign_time',
            'users.name as assignee',
            'users.name_en as assignee_en',
          ])
          .where('tasks.process_id', 'in', open)
          .where('tasks.status', '=', TODO)
          .orderBy('tasks.assign_time')
          .orderBy('tasks.id')
          .execute();
  // Titles and step names in the console's language, as members see them (a process keeps its app's Chinese name
  // as its title, and a task its step's Chinese name).
  const defs = new Map<string, ProcessDefinition | undefined>();
  for (const r of rows.filter((x) => x.status === 'doing' && x.definition_code && x.definition_version !== null)) {
    const key = `${r.definition_code}@${r.definition_version}`;
    if (!defs.has(key)) defs.set(key, await definitionAt(db, r.definition_code!, r.definition_version!));
  }
  const defOf = (r: (typeof rows)[number]) => defs.get(`${r.definition_code}@${r.definition_version}`);
  return {
    total: Number(count.n),
    entities: rows.map((r) => ({
      id: r.id,
      entry: r.entry,
      name: r.name === r.app ? named(locale, r.app, r.app_en) : r.name,
      appId: r.app_id,
      app: named(locale, r.app, r.app_en),
      status: r.status as AdminProcess['status'],
      applicantId: r.owner_id,
      applicant: named(locale, r.owner, r.owner_en),
      applicantAccount: r.account,
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
      finishedAt: r.finished_at === null ? null : Number(r.finished_at),
      openTasks: tasks
        .filter((t) => t.process_id === r.id)
        .map((t) => ({
          id: t.id,
          name: taskName(defOf(r), t, locale),
          assigneeId: t.assignee_id,
          assignee: named(locale, t.assignee, t.assignee_en),
          assignTime: Number(t.assign_time),
        })),
      // Only a pushed process (it has the system's own id) is the system's; ours may name a system that starts them.
      pushedBy:
        r.external_id !== null && r.system_id !== null
          ? { id: r.system_id, name: named(locale, r.system, r.system_en) || r.system_id }
          : null,
    })),
  };
}

/** The apps whose processes an administrator sees (null: all), by name. */
export async function adminProcessApps(db: Db, locale: Locale, appIds: string[] | null) {
  let q = db.selectFrom('apps').select(['id', 'name', 'name_en']).where('definition_code', 'is not', null);
  if (appIds) q = q.where('id', 'in', appIds.length ? appIds : ['']);
  const rows = await q.orderBy('code').execute();
  return rows.map((r) => ({ id: r.id, name: named(locale, r.name, r.name_en) }));
}
