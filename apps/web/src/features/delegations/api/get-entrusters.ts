import { useQuery } from '@tanstack/react-query';

import type { Delegation } from '@service-hall/contracts';
import { listEntrustersRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';
import { delegationKeys } from './delegation-keys.ts';

/** GET /api/user/{userId}/entrusters — delegations given to me (委托我的). */
export async function getEntrusters(userId: string, signal?: AbortSignal): Promise<Delegation[]> {
  return (await call(listEntrustersRoute, { params: { userId } }, { signal })).entities;
}

export function useEntrusters(userId: string | undefined) {
  return useQuery({
    queryKey: delegationKeys.received(userId ?? ''),
    queryFn: ({ signal }) => getEntrusters(userId!, signal),
    enabled: !!userId,
  });
}
