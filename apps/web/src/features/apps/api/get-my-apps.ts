import { useQuery } from '@tanstack/react-query';

import type { App } from '@service-hall/contracts';
import { listAppsRoute } from '@service-hall/contracts/lite';

import { authSession } from '../../../lib/auth/auth-session.ts';
import { call } from '../../../lib/http/call.ts';

export const myAppsKey = ['apps', 'mine'] as const;

/** GET /me/apps: the catalogue the user may start. */
export async function getMyApps(): Promise<App[]> {
  return (await call(listAppsRoute)).entities;
}

export function useMyApps() {
  return useQuery({
    queryKey: myAppsKey,
    queryFn: getMyApps,
    enabled: authSession().isSignedIn(),
    staleTime: 5 * 60_000,
  });
}
