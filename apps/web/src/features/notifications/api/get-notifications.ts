import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { listNotificationsRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';
import { PAGE_SIZE } from '../../lists/list-filters.ts';
import { listKeys } from '../../lists/list-keys.ts';

export const notificationKeys = {
  all: listKeys.of('infos'),
  page: (start: number) => [...listKeys.of('infos'), 'page', start] as const,
  infinite: [...listKeys.of('infos'), 'infinite'] as const,
};

/** GET /api/me/notifications — my notifications, unread first (server order). */
export async function getNotifications(start: number, signal?: AbortSignal) {
  const page = await call(listNotificationsRoute, { query: { limit: PAGE_SIZE, start } }, { signal });
  return { items: page.entities, total: page.total };
}

export function useNotifications(start: number) {
  return useQuery({
    queryKey: notificationKeys.page(start),
    queryFn: ({ signal }) => getNotifications(start, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInfiniteNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.infinite,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });
}
