import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import type { Named, Task } from '@service-hall/contracts';
import { listTodoRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';
import { readTaskApi, taskApiEndpoint, taskApiQueryOptions, taskApiVariables } from '../../../lib/http/task-api.ts';
import { PAGE_SIZE } from '../../lists/list-filters.ts';
import { listKeys } from '../../lists/list-keys.ts';

export const todoKeys = {
  all: listKeys.of('todo'),
  page: (query: Record<string, string>) => [...listKeys.of('todo'), 'page', query] as const,
  infinite: (keyword: string) => [...listKeys.of('todo'), 'infinite', keyword] as const,
};

/** The to-do query of the task API (docs/graphql.md); the same fields as the REST Task entity. */
export const TODO_QUERY = /* GraphQL */ `
  query Todo($cate: String!, $userId: String, $page: Int, $size: Int, $keyword: String) {
    tasks(cate: $cate, userId: $userId, page: $page, size: $size, keyword: $keyword) {
      total
      list {
        id
        name
        assignTime
        uri
        actionName
        actions {
          id
          name
        }
        process {
          id
          name
          uri
          tags
          entry
          owner {
            id
            name
            account
          }
          app {
            id
            name
            code
            department
          }
          system {
            id
            name
          }
        }
        entruster {
          id
          name
        }
      }
    }
  }
`;

/** A task as the task API answers it: `entruster` is null where REST leaves the key out. */
export type GraphqlTask = Omit<Task, 'entruster'> & { entruster: Named | null };

/** The task API's answer → what the to-do pages consume (the REST shape). */
export function fromTaskApiTodo(data: { tasks: { total: number; list: GraphqlTask[] } | null }): {
  tasks: Task[];
  total: number;
} {
  const list = data.tasks?.list ?? [];
  return {
    tasks: list.map(({ entruster, ...task }) => (entruster ? { ...task, entruster } : task)),
    total: data.tasks?.total ?? list.length,
  };
}

/**
 * My to-do, tasks delegated to me included; server paging. REST: GET /api/me/tasks/todo?entrust=true. Task-API
 * mode: tasks(cate: "todo", page: start, size: limit, keyword, userId).
 */
export async function getTodoTasks(
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<{ tasks: Task[]; total: number }> {
  const endpoint = taskApiEndpoint();
  if (endpoint) {
    return fromTaskApiTodo(
      await readTaskApi<Parameters<typeof fromTaskApiTodo>[0]>(endpoint, TODO_QUERY, taskApiVariables('todo', query)),
    );
  }
  // The list pages keep their filters as strings (URL search params); the server parses them by the contract.
  const page = await call(listTodoRoute, { query: { entrust: 'true', ...query } as never }, { signal });
  return { tasks: page.entities, total: page.total };
}

/** One page of the to-do list (desktop); the previous page stays on screen while the next loads. */
export function useTodoTasks(query: Record<string, string>) {
  return useQuery({
    queryKey: todoKeys.page(query),
    queryFn: ({ signal }) => getTodoTasks(query, signal),
    placeholderData: keepPreviousData,
    ...taskApiQueryOptions(taskApiEndpoint() !== null),
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
    ...taskApiQueryOptions(taskApiEndpoint() !== null),
  });
}
