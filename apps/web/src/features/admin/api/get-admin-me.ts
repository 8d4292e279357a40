import { queryOptions, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';

import { adminMeRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

export const adminMeKey = ['admin', 'me'] as const;

/** The caller's administration role and apps (GET /api/admin/me); 403 for a member who administers nothing. */
export function adminMeQuery() {
  return queryOptions({
    queryKey: [...adminMeKey, i18next.language],
    queryFn: () => call(adminMeRoute),
    staleTime: 60_000,
    // A 403 is an answer, not a hiccup: asking again changes nothing.
    retry: false,
  });
}

export const useAdminMe = () => useQuery(adminMeQuery());
