import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ProcessListItem } from '@service-hall/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { listKeys, type ListName } from '../../live/list-keys.ts';
import { PAGE_SIZE } from '../../live/list-filters.ts';

/** The four process lists of "my matters" and what each sends to the server (spec §3 list parameters). */
export type ProcessListName = Extract<ListName, 'doing' | 'done' | 'cc' | 'guest'>;

export const PROCESS_LISTS: Record<ProcessListName, { path: string; filters: readonly string[]; fixed: (lang: string) => Record<string, string> }> = {
  doing: { path: '/me/processes/doing', filters: ['keyword'], fixed: () => ({ order: 'create' }) },
  done: { path: '/me/processes/done', filters: ['keyword', 'timestamps'], fixed: () => ({ sep: 'false' }) },
  cc: { path: '/me/processes/cc', filters: ['keyword', 'unread'], fixed: () => ({}) },
  guest: {
    path: '/me/processes/guest',
    filters: ['keyword', 'timestamps'],
    fixed: (lang) => ({ draft: 'false', statuses: 'doing', locale: lang === 'en' ? 'en' : 'zh' }),
  },
};

export const processListKeys = {
  all: (list: ProcessListName) => listKeys.of(list),
  page: (list: ProcessListName, query: Record<string, string>) => [...listKeys.of(list), 'page', query] as const,
  infinite: (list: ProcessListName, query: Record<string, string>) => [...listKeys.of(list), 'infinite', query] as const,
};

/** GET /api/me/processes/{doing|done|cc|guest} — one page of a process list. */
export async function getProcesses(list: ProcessListName, query: Record<string, string>, signal?: AbortSignal) {
  const env = await apiGet<ProcessListItem>(PROCESS_LISTS[list].path, query, signal);
  return { items: env.entities, total: env.total ?? env.entities.length };
}

/** One page (desktop); the previous page stays on screen while the next loads. */
export function useProcesses(list: ProcessListName, query: Record<string, string>) {
  return useQuery({
    queryKey: processListKeys.page(list, query),
    queryFn: ({ signal }) => getProcesses(list, query, signal),
    placeholderData: keepPreviousData,
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
  });
}
