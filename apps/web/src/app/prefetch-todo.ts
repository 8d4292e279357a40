import type { QueryClient } from '@tanstack/react-query';

import { PAGE_SIZE, toListQuery } from '../features/lists/list-filters.ts';
import { getTodoTasks, todoKeys } from '../features/todo/api/get-todo-tasks.ts';
import { taskApiEndpoint } from '../lib/http/task-api.ts';

/**
 * The to-do page's first rows, requested at boot with the same keys and fetchers as features/todo's hooks
 * (desktop: useTodoTasks' page; phone: useInfiniteTodoTasks' first page), instead of after the page's code has
 * run. REST only: in task-API mode the page refetches on mount.
 */
export default function prefetchTodo(qc: QueryClient, mobile: boolean): Promise<void> | undefined {
  if (taskApiEndpoint()) return;
  const params = new URLSearchParams(window.location.search);
  if (mobile) {
    const keyword = params.get('keyword') ?? '';
    return qc.prefetchInfiniteQuery({
      queryKey: todoKeys.infinite(keyword),
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        getTodoTasks({ limit: String(PAGE_SIZE), start: String(pageParam), ...(keyword ? { keyword } : {}) }, signal),
    });
  }
  const query = toListQuery(params, ['keyword']);
  return qc.prefetchQuery({ queryKey: todoKeys.page(query), queryFn: ({ signal }) => getTodoTasks(query, signal) });
}
