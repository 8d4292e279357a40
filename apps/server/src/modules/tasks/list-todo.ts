import type { Task, TodoQuery } from '@service-hall/contracts';

import { resolveActingUser } from '../../auth/acting-user.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { definitionAt } from '../definitions/definitions-repository.ts';
import { activeDelegationsTo } from '../delegations/delegations-repository.ts';
import { namesOf } from '../users/users-repository.ts';
import { presentTask } from './task-presenter.ts';
import { pageTodo, todoTask, type TodoSource } from './tasks-repository.ts';

/**
 * GET /api/me/tasks/todo. `entrust=true` adds the open tasks of users who delegated to me, each marked with its
 * entruster. Only direct delegations count, and only for my own list (no chains through `userId`).
 */
export async function listTodo(db: Db, user: AuthUser, query: TodoQuery, locale: Locale, now: number) {
  const acting = await resolveActingUser(db, user, query.userId, { now });
  const viewAs = { userId: acting.user.id, appIds: acting.appIds };
  const sources: TodoSource[] = [{ assigneeId: viewAs.userId, appIds: viewAs.appIds }];
  if (query.entrust && viewAs.userId === user.id) {
    const byDelegator = new Map<string, string[] | null>();
    for (const d of await activeDelegationsTo(db, user.id, now)) {
      const apps = byDelegator.get(d.from_user_id);
      if (d.app_id === null || apps === null) byDelegator.set(d.from_user_id, null);
      else byDelegator.set(d.from_user_id, [...(apps ?? []), d.app_id]);
    }
    for (const [assigneeId, appIds] of byDelegator) sources.push({ assigneeId, appIds });
  }
  const page = await pageTodo(db, {
    sources,
    keyword: query.keyword || undefined,
    ownerId: query.sep ? viewAs.userId : undefined,
    limit: query.limit ?? 10,
    start: query.start ?? 0,
  });
  // Names only for the delegators of entrusted rows; my own rows need none.
  const delegators = page.rows.filter((r) => r.task_assignee_id !== viewAs.userId).map((r) => r.task_assignee_id);
  const users = delegators.length > 0 ? await namesOf(db, delegators) : new Map();
  const entities: Task[] = [];
  for (const r of page.rows) {
    const def =
      r.definition_code && r.definition_version !== null
        ? await definitionAt(db, r.definition_code, r.definition_version)
        : undefined;
    const delegated = r.task_assignee_id !== viewAs.userId ? { id: r.task_assignee_id, users } : null;
    entities.push(presentTask(todoTask(r), r, def, locale, delegated));
  }
  return { entities, total: page.total };
}
