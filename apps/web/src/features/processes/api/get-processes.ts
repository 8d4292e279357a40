import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import type { ProcessListItem } from '@service-hall/contracts';
import { listCcRoute, listDoingRoute, listDoneRoute, listGuestRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';
import { readTaskApi, taskApiEndpoint, taskApiQueryOptions, taskApiVariables } from '../../../lib/http/task-api.ts';
import { PAGE_SIZE } from '../../lists/list-filters.ts';
import { listKeys, type ListName } from '../../lists/list-keys.ts';

/** The four process lists of "my matters" and what each sends to the server (docs/product.md §3 list parameters). */
export type ProcessListName = Extract<ListName, 'doing' | 'done' | 'cc' | 'guest'>;

type ListRoute = typeof listDoingRoute | typeof listDoneRoute | typeof listCcRoute | typeof listGuestRoute;

export const PROCESS_LISTS: Record<
  ProcessListName,
  { route: ListRoute; filters: readonly string[]; fixed: (lang: string) => Record<string, string> }
> = {
  doing: { route: listDoingRoute, filters: ['keyword'], fixed: () => ({ order: 'create' }) },
  done: { route: listDoneRoute, filters: ['keyword', 'timestamps'], fixed: () => ({ sep: 'false' }) },
  cc: { route: listCcRoute, filters: ['keyword', 'unread'], fixed: () => ({}) },
  guest: {
    route: listGuestRoute,
    filters: ['keyword', 'timestamps'],
    fixed: (lang) => ({ draft: 'false', statuses: 'doing', locale: lang === 'en' ? 'en' : 'zh' }),
  },
};

export const processListKeys = {
  all: (list: ProcessListName) => listKeys.of(list),
  page: (list: ProcessListName, query: Record<string, string>) => [...listKeys.of(list), 'page', query] as const,
  infinite: (list: ProcessListName, query: Record<string, string>) =>
    [...listKeys.of(list), 'infinite', query] as const,
};

/** The lists the task API serves (processes(cate: …)); cc and guest are always read over REST. */
export const TASK_API_LISTS: ReadonlySet<ProcessListName> = new Set(['doing', 'done']);

/** The doing/done query of the task API (docs/graphql.md); the same fields as the REST ProcessListItem. */
export const PROCESSES_QUERY = /* GraphQL */ `
  query Processes(
    $cate: String!
    $userId: String
    $page: Int
    $size: Int
    $keyword: String
    $sep: Boolean
    $timestamps: String
  ) {
    processes(
      cate: $cate
      userId: $userId
      page: $page
      size: $size
      keyword: $keyword
      sep: $sep
      timestamps: $timestamps
    ) {
      total
      list {
        id
        name
        uri
        entry
        status
        create
        update
        pendingTasks {
          id
          name
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
        owner {
          id
          name
          account
        }
      }
    }
  }
`;

/**
 * A list's REST query → the variables of PROCESSES_QUERY: start/limit become page/size, sep a Boolean; `order`
 * is not sent (the task API orders doing by creation, the only order the portal asks for).
 */
export function processesVariables(list: ProcessListName, query: Record<string, string>) {
  const variables: ReturnType<typeof taskApiVariables> & { sep?: boolean; timestamps?: string } = taskApiVariables(
    list,
    query,
  );
  if (query.sep === 'true' || query.sep === 'false') variables.sep = query.sep === 'true';
  if (query.timestamps?.trim()) variables.timestamps = query.timestamps.trim();
  return variables;
}

/** The task API's answer → what the list pages consume (the REST shape). */
export function fromTaskApiProcesses(data: { processes: { total: number; list: ProcessListItem[] } | null }) {
  const items = data.processes?.list ?? [];
  return { items, total: data.processes?.total ?? items.length };
}

/** Whether this list is read through the task API now (config.json names one and the list is doing or done). */
function viaTaskApi(list: ProcessListName): string | null {
  const endpoint = taskApiEndpoint();
  return endpoint && TASK_API_LISTS.has(list) ? endpoint : null;
}

/**
 * One page of a process list. REST: GET /api/me/processes/{doing|done|cc|guest}. Task-API mode (doing, done):
 * processes(cate, page: start, size: limit, keyword, sep, timestamps, userId).
 */
export async function getProcesses(list: ProcessListName, query: Record<string, string>, signal?: AbortSignal) {
  const endpoint = viaTaskApi(list);
  if (endpoint) {
    const data = await readTaskApi<Parameters<typeof fromTaskApiProcesses>[0]>(
      endpoint,
      PROCESSES_QUERY,
      processesVariables(list, query),
    );
    return fromTaskApiProcesses(data);
  }
  // The list pages keep their filters as strings (URL search params); the server parses them by the contract.
  const page = await call(PROCESS_LISTS[list].route, { query: query as never }, { signal });
  return { items: page.entities as ProcessListItem[], total: page.total };
}

/** One page (desktop); the previous page stays on screen while the next loads. */
export function useProcesses(list: ProcessListName, query: Record<string, string>) {
  return useQuery({
    queryKey: processListKeys.page(list, query),
    queryFn: ({ signal }) => getProcesses(list, query, signal),
    placeholderData: keepPreviousData,
    ...taskApiQueryOptions(viaTaskApi(list) !== null),
  });
}

/** Page after page (mobile infinite scroll); `query` holds the filters without paging. */
export function useInfiniteProcesses(list: ProcessListName, query: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: processListKeys.infinite(list, query),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      getProcesses(list, { ...query, limit: String(PAGE_SIZE), start: String(pageParam) }, signal),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
    ...taskApiQueryOptions(viaTaskApi(list) !== null),
  });
}
