import { useMutation, useQueryClient } from '@tanstack/react-query';

import { actOnTaskRoute } from '@service-hall/contracts/lite';

import { countsKeys } from '../../lib/domain/counts.ts';
import { newIdempotencyKey } from '../../lib/http/api-client.ts';
import { call } from '../../lib/http/call.ts';
import { listKeys, processKeys } from '../lists/list-keys.ts';

export interface ActOnTaskInput {
  taskId: string;
  actionId: string;
  remark?: string;
  /** Reused on the client's automatic retries so the server acts once. */
  idempotencyKey: string;
}

/** POST /api/task/{id} (form: actionId, remark) — handles one task. Shared by batch handling and the detail page. */
export function actOnTask({ taskId, actionId, remark = '', idempotencyKey }: ActOnTaskInput) {
  return call(actOnTaskRoute, { params: { id: taskId }, body: { actionId, remark } }, { idempotencyKey });
}

/** Refreshes everything a handled task changes. */
export function invalidateAfterTask(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: listKeys.all }),
    qc.invalidateQueries({ queryKey: countsKeys.all }),
    qc.invalidateQueries({ queryKey: processKeys.all }),
  ]);
}

/** A single action from the detail page; the key is made once per click. */
export function useActOnTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ActOnTaskInput, 'idempotencyKey'>) =>
      actOnTask({ ...input, idempotencyKey: newIdempotencyKey() }),
    onSettled: () => invalidateAfterTask(qc),
  });
}

/**
 * A reject ends someone's request: it needs a reason (recorded as the task's remark, shown on the timeline) and an
 * explicit confirmation, on the detail page and in a batch alike.
 */
export function needsReason(action: { id: string } | undefined): boolean {
  return action?.id === 'reject';
}
