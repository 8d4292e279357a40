import { useQuery } from '@tanstack/react-query';

import type { App } from '@service-hall/contracts';
import { recommendedAppsRoute } from '@service-hall/contracts/lite';

import { templateParams } from '../../../lib/config/page-template.ts';
import { call } from '../../../lib/http/call.ts';

export const recommendedKey = (domain: string) => ['apps', 'recommended', domain] as const;

/** GET /api/apps/recommended?domain= → data, higher `recommend` first. */
export async function getRecommended(domain: string): Promise<App[]> {
  const list = await call(recommendedAppsRoute, { query: { domain } });
  return [...list].sort((a, b) => (b.recommend ?? 0) - (a.recommend ?? 0));
}

export function useRecommended(enabled = true) {
  const { domain } = templateParams();
  return useQuery({
    queryKey: recommendedKey(domain),
    queryFn: () => getRecommended(domain),
    enabled,
    staleTime: 5 * 60_000,
  });
}
