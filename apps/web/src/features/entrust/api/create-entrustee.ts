import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Delegation } from '@service-hall/contracts';
import { apiForm, newIdempotencyKey } from '../../../lib/api-client.ts';
import { listKeys } from '../../live/list-keys.ts';
import { entrustKeys } from './entrust-keys.ts';

export interface CreateDelegationInput {
  /** Empty means every app. */
  appId: string;
  entrusteeId: string;
  from: number;
  to: number;
}

/** POST /api/user/{userId}/entrustees (form: appId, entrusteeId, from, to in seconds). */
export async function createEntrustee(userId: string, input: CreateDelegationInput): Promise<Delegation | undefined> {
  const body: Record<string, string> = { entrusteeId: input.entrusteeId, from: String(input.from), to: String(input.to) };
  if (input.appId) body.appId = input.appId;
  const env = await apiForm<Delegation>('POST', `/user/${encodeURIComponent(userId)}/entrustees`, body, { idempotencyKey: newIdempotencyKey() });
  return env.entities[0];
}

export function useCreateEntrustee(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDelegationInput) => createEntrustee(userId!, input),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: entrustKeys.all }),
      qc.invalidateQueries({ queryKey: listKeys.of('todo') }),
    ]),
  });
}
