import { runtimeConfig } from '../config/runtime-config.ts';
import { graphql } from './api-client.ts';

/**
 * The portal's task-API mode (docs/product.md §7): when config.json names a task API (`taskApi`, the server's TASK_API,
 * e.g. "/graphql"), the to-do, doing and done lists are read through its GraphQL queries; everything else —
 * counts, actions, details, the cc and manage lists — stays on REST. The switch lives in the lists' `api/`
 * files (features/todo/api/get-todo-tasks.ts, features/processes/api/get-processes.ts), which map the GraphQL
 * answer to the shapes the pages already consume, so no page knows which transport served it.
 */

/** The GraphQL endpoint of the task API, or null when the lists are read over REST. */
export function taskApiEndpoint(): string | null {
  const endpoint = runtimeConfig().taskApi?.trim();
  return endpoint ? endpoint : null;
}

/** Variables common to tasks(…) and processes(…): the list's query with REST names, as GraphQL arguments. */
export interface TaskApiVariables {
  cate: string;
  /** Start offset (REST `start`). */
  page: number;
  /** Page length (REST `limit`). */
  size: number;
  keyword?: string;
  userId?: string;
}

const PAGE_SIZE = 10;

function integer(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) ? n : fallback;
}

/**
 * REST list query (`start`, `limit`, `keyword`, `userId` as strings) → GraphQL variables (`page`, `size`, …).
 * Empty keyword and userId are dropped, as the REST client drops empty parameters.
 */
export function taskApiVariables(cate: string, query: Record<string, string>): TaskApiVariables {
  const variables: TaskApiVariables = { cate, page: integer(query.start, 0), size: integer(query.limit, PAGE_SIZE) };
  const keyword = query.keyword?.trim();
  if (keyword) variables.keyword = keyword;
  if (query.userId) variables.userId = query.userId;
  return variables;
}

/**
 * Runs a task-API query. Always a network request: the lists' hooks pair it with `taskApiQueryOptions`, so no
 * answer is served from the query cache instead of asking the server.
 */
export function readTaskApi<T>(endpoint: string, query: string, variables: object): Promise<T> {
  return graphql<T>(endpoint, query, { ...variables });
}

/**
 * react-query options for a list read through the task API — the network-only fetch of docs/product.md §7: every mount fetches
 * (refetchOnMount 'always', staleTime 0), and an unobserved list is dropped at once (gcTime 0), so coming back to
 * a screen never shows an answer cached earlier. While a screen is open, paging keeps the page on screen until
 * the next arrives (the same keepPreviousData as REST mode); push events invalidate the lists in both modes.
 * In REST mode the app-wide defaults apply (staleTime 30 s).
 */
export function taskApiQueryOptions(enabled: boolean) {
  return enabled ? { staleTime: 0, gcTime: 0, refetchOnMount: 'always' as const } : {};
}
