import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiForm } from '../../../lib/api-client.ts';
import { listKeys } from '../../live/list-keys.ts';
import { entrustKeys } from './entrust-keys.ts';

/** DELETE /api/user/{userId}/entrustees/{id} — only delegations I gave can be deleted. */
export function deleteEntrustee(userId: string, id: string) {
  return apiForm<unknown>('DELETE', `/user/${encodeURIComponent(userId)}/entrustees/${encodeURIComponent(id)}`);
}

export function useDeleteEntrustee(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteEntrustee(userId!, id),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: entrustKeys.all }),
      qc.invalidateQueries({ queryKey: listKeys.of('todo') }),
    ]),
  });
}
