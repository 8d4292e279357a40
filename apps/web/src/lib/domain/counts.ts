import { queryOptions, useQuery } from '@tanstack/react-query';

import { listCcRoute, listTodoRoute } from '@service-hall/contracts/lite';

import { authSession } from '../auth/auth-session.ts';
import { call } from '../http/call.ts';

/** Keys the live-refresh code invalidates when a push event names the todo or cc list. */
export const countsKeys = {
  all: ['counts'] as const,
  todo: ['counts', 'todo'] as const,
  ccUnread: ['counts', 'ccUnread'] as const,
};

/** To-do count for the banner navigation, delegated tasks included (also prefetched at boot). */
export function todoCountQuery() {
  return queryOptions({
    queryKey: countsKeys.todo,
    queryFn: async () => (await call(listTodoRoute, { query: { entrust: 'true', limit: 1 } })).total,
    enabled: authSession().isSignedIn(),
    staleTime: 30_000,
  });
}

/** Unread copied-to-me count for the banner navigation (also prefetched at boot). */
export function ccUnreadCountQuery() {
  return queryOptions({
    queryKey: countsKeys.ccUnread,
    queryFn: async () => (await call(listCcRoute, { query: { unread: 'true', limit: 1 } })).total,
    enabled: authSession().isSignedIn(),
    staleTime: 30_000,
  });
}

export const useTodoCount = () => useQuery(todoCountQuery());
export const useCcUnreadCount = () => useQuery(ccUnreadCountQuery());
