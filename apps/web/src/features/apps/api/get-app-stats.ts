import { useQuery } from '@tanstack/react-query';

import { appStatsRoute } from '@service-hall/contracts/lite';

import { authSession } from '../../../lib/auth/auth-session.ts';
import { call } from '../../../lib/http/call.ts';

export const appStatsKey = ['apps', 'stats'] as const;

/** GET /stats/apps → completed count per app id. */
export async function getAppStats(): Promise<Map<string, number>> {
  const { entities } = await call(appStatsRoute);
  return new Map(entities.map((s) => [s.id, s.processCounters.completed]));
}

export function useAppStats() {
  return useQuery({
    queryKey: appStatsKey,
    queryFn: getAppStats,
    enabled: authSession().isSignedIn(),
    staleTime: 5 * 60_000,
  });
}
