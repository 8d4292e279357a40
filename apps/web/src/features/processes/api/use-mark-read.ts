import { useMutation, useQueryClient } from '@tanstack/react-query';

import { countsKeys } from '../../../lib/domain/counts.ts';
import { markRead } from '../../actions/process-action.ts';
import { listKeys } from '../../lists/list-keys.ts';

/**
 * Marks copied processes read, one POST /api/process/{id} action=read per id (docs/product.md §4). Rejects with the first
 * failure's error after every id was tried.
 */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const failed = await markRead(ids);
      if (failed.length) throw failed[0].error;
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: listKeys.of('cc') }),
        qc.invalidateQueries({ queryKey: listKeys.of('infos') }),
        qc.invalidateQueries({ queryKey: countsKeys.ccUnread }),
      ]),
  });
}
