import { useQuery } from '@tanstack/react-query';
import type { AppStat } from '@service-hall/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { authSession } from '../../../lib/auth-session.ts';

export const appStatsKey = ['apps', 'stats'] as const;

/** GET /stats/apps → completed count per app id. */
export async function getAppStats(): Promise<Map<string, number>> {
  const env = await apiGet<AppStat>('/stats/apps');
  return new Map(env.entities.map((s) => [s.id, s.processCounters?.completed ?? 0]));
}

export function useAppStats() {
  return useQuery({ queryKey: appStatsKey, queryFn: getAppStats, enabled: authSession().isSignedIn(), staleTime: 5 * 60_000 });
}
