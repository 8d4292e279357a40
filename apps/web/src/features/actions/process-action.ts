import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ProcessActionBody } from '@service-hall/contracts';
import { actOnProcessRoute } from '@service-hall/contracts/lite';

import { countsKeys } from '../../lib/domain/counts.ts';
import { newIdempotencyKey } from '../../lib/http/api-client.ts';
import { call } from '../../lib/http/call.ts';
import { listKeys, processKeys } from '../lists/list-keys.ts';

export type ProcessAction = ProcessActionBody;

/** POST /api/process/{id} (form: action=read | rate with rating and remark | withdraw). */
export function processAction(id: string, body: ProcessAction, idempotencyKey = newIdempotencyKey()) {
  return call(actOnProcessRoute, { params: { id }, body }, { idempotencyKey });
}

/** Mark read, rate or withdraw one process; refreshes the lists, counts and the detail. */
export function useProcessAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProcessAction }) => processAction(id, body),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: listKeys.all }),
        qc.invalidateQueries({ queryKey: countsKeys.all }),
        qc.invalidateQueries({ queryKey: processKeys.all }),
      ]),
  });
}

/** Marks each id read, one call per id (docs/product.md §4); resolves to the ids that failed with their error. */
export async function markRead(ids: readonly string[]): Promise<Array<{ id: string; error: unknown }>> {
  const failed: Array<{ id: string; error: unknown }> = [];
  for (const id of ids) {
    try {
      await processAction(id, { action: 'read' });
    } catch (error) {
      failed.push({ id, error });
    }
  }
  return failed;
}
