import { queryOptions, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';

import type { Profile } from '@service-hall/contracts';
import { getProfileRoute } from '@service-hall/contracts/lite';

import { call } from '../http/call.ts';
import { authSession } from './auth-session.ts';

export const profileQueryKey = ['me', 'profile'] as const;

export async function getProfile(): Promise<Profile | null> {
  return (await call(getProfileRoute)) ?? null;
}

/** The profile query (also prefetched at boot, app/preload.ts); disabled while signed out. */
export function profileQuery() {
  return queryOptions({
    // The name comes back in the request's language, so a language switch refetches it.
    queryKey: [...profileQueryKey, i18next.language],
    queryFn: getProfile,
    enabled: authSession().isSignedIn(),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's profile (docs/product.md §3). */
export function useProfile() {
  return useQuery(profileQuery());
}
