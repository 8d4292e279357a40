import { useQuery } from '@tanstack/react-query';

import type { App } from '@service-hall/contracts';
import { listAppsRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

/**
 * The catalogue entry of one app (for an external app's uri). Same key and data as the catalogue's
 * /me/apps query, so a visit from the catalogue costs no extra request.
 */
export function useAppByCode(code: string) {
  return useQuery({
    queryKey: ['apps', 'mine'],
    queryFn: async () => (await call(listAppsRoute)).entities,
    select: (apps: App[]) => apps.find((a) => a.code === code) ?? null,
    enabled: !!code,
    staleTime: 5 * 60_000,
  });
}
