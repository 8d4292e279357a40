import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Delegation } from '@service-hall/contracts';
import { declineDelegationRoute, deleteDelegationRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';
import { listKeys } from '../../lists/list-keys.ts';
import { delegationKeys } from './delegation-keys.ts';

/** DELETE /api/user/{userId}/entrustees/{id} — only delegations I gave can be deleted. */
export function deleteEntrustee(userId: string, id: string) {
  return call(deleteDelegationRoute, { params: { userId, id } });
}

/** DELETE /api/user/{userId}/entrusters/{id} — the delegate declines a delegation made to them. */
export function declineEntruster(userId: string, id: string) {
  return call(declineDelegationRoute, { params: { userId, id } });
}

/** Withdraws a delegation I gave (`given`) or declines one given to me (`received`). */
export function useDeleteEntrustee(userId: string | undefined, side: 'given' | 'received' = 'given') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => (side === 'given' ? deleteEntrustee(userId!, id) : declineEntruster(userId!, id)),
    // The row leaves the list as soon as the server has ended the delegation, not when a re-read of the list (and
    // of a long to-do) finishes on a busy server; the re-reads then run without holding up the success message.
    onSuccess: (_, id) => {
      const key = side === 'given' ? delegationKeys.given(userId ?? '') : delegationKeys.received(userId ?? '');
      qc.setQueryData<Delegation[]>(key, (list) => list?.filter((d) => d.id !== id));
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: delegationKeys.all });
      void qc.invalidateQueries({ queryKey: listKeys.of('todo') });
    },
  });
}
