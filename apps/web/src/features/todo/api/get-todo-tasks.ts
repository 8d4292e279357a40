import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Task } from '@service-hall/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { listKeys } from '../../live/list-keys.ts';
import { PAGE_SIZE } from '../../live/list-filters.ts';

export const todoKeys = {
  all: listKeys.of('todo'),
  page: (query: Record<string, string>) => [...listKeys.of('todo'), 'page', query] as const,
  infinite: (keyword: string) => [...listKeys.of('todo'), 'infinite', keyword] as const,
};

/** GET /api/me/tasks/todo?entrust=true — my to-do, tasks delegated to me included; server paging. */
export async function getTodoTasks(query: Record<string, string>, signal?: AbortSignal) {
  const env = await apiGet<Task>('/me/tasks/todo', { entrust: true, ...query }, signal);
  return { tasks: env.entities, total: env.total ?? env.entities.length };
}

/** One page of the to-do list (desktop); the previous page stays on screen while the next loads. */
export function useTodoTasks(query: Record<string, string>) {
  return useQuery({
    queryKey: todoKeys.page(query),
    queryFn: ({ signal }) => getTodoTasks(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The to-do list page after page (mobile infinite scroll). */
export function useInfiniteTodoTasks(keyword: string) {
  return useInfiniteQuery({
    queryKey: todoKeys.infinite(keyword),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      getTodoTasks({ limit: String(PAGE_SIZE), start: String(pageParam), ...(keyword ? { keyword } : {}) }, signal),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.tasks.length, 0);
      return loaded < last.total && last.tasks.length > 0 ? loaded : undefined;
    },
  });
}
