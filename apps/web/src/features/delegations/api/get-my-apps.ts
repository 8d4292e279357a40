import { useQuery } from '@tanstack/react-query';

import type { App } from '@service-hall/contracts';
import { listAppsRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

/** GET /api/me/apps — the apps a delegation can be limited to. */
export async function getMyApps(signal?: AbortSignal): Promise<App[]> {
  return (await call(listAppsRoute, {}, { signal })).entities;
}

export function useMyApps(enabled = true) {
  return useQuery({
    queryKey: ['entrust', 'apps'] as const,
    queryFn: ({ signal }) => getMyApps(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
