import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreateDelegationBody, Delegation } from '@service-hall/contracts';
import { createDelegationRoute } from '@service-hall/contracts/lite';

import { newIdempotencyKey } from '../../../lib/http/api-client.ts';
import { call } from '../../../lib/http/call.ts';
import { listKeys } from '../../lists/list-keys.ts';
import { delegationKeys } from './delegation-keys.ts';

/** What the delegation form sends; an empty appId means every app. */
export type CreateDelegationInput = CreateDelegationBody & { appId: string };

/** POST /api/user/{userId}/entrustees (form: appId, entrusteeId, from, to in seconds). */
export async function createEntrustee(userId: string, input: CreateDelegationInput): Promise<Delegation | undefined> {
  const body = { entrusteeId: input.entrusteeId, from: input.from, to: input.to, appId: input.appId || undefined };
  return call(createDelegationRoute, { params: { userId }, body }, { idempotencyKey: newIdempotencyKey() });
}

export function useCreateEntrustee(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDelegationInput) => createEntrustee(userId!, input),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: delegationKeys.all }),
        qc.invalidateQueries({ queryKey: listKeys.of('todo') }),
      ]),
  });
}
