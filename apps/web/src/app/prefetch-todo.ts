import type { QueryClient } from '@tanstack/react-query';
import { getTodoTasks, todoKeys } from '../features/todo/api/get-todo-tasks.ts';
import { toListQuery } from '../features/live/list-filters.ts';
import { taskApiEndpoint } from '../lib/task-api.ts';

/**
 * The desktop to-do page's first rows, requested at boot with the same key and fetcher as features/todo's
 * useTodoTasks, instead of after the page's code has run. REST only: in task-API mode the page refetches on mount.
 */
export default function prefetchTodo(qc: QueryClient): Promise<void> | undefined {
  if (taskApiEndpoint()) return;
  const query = toListQuery(new URLSearchParams(window.location.search), ['keyword']);
  return qc.prefetchQuery({ queryKey: todoKeys.page(query), queryFn: ({ signal }) => getTodoTasks(query, signal) });
}
