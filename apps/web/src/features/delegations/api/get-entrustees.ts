import { useQuery } from '@tanstack/react-query';

import type { Delegation } from '@service-hall/contracts';
import { listEntrusteesRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';
import { delegationKeys } from './delegation-keys.ts';

/** GET /api/user/{userId}/entrustees — delegations I gave (我委托的). */
export async function getEntrustees(userId: string, signal?: AbortSignal): Promise<Delegation[]> {
  return (await call(listEntrusteesRoute, { params: { userId } }, { signal })).entities;
}

export function useEntrustees(userId: string | undefined) {
  return useQuery({
    queryKey: delegationKeys.given(userId ?? ''),
    queryFn: ({ signal }) => getEntrustees(userId!, signal),
    enabled: !!userId,
  });
}
