import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiForm, newIdempotencyKey } from '../../lib/api-client.ts';
import { countsKeys } from '../../lib/counts.ts';
import { listKeys, processKeys } from './list-keys.ts';

export type ProcessAction =
  | { action: 'read' }
  | { action: 'rate'; rating: number; remark: string }
  | { action: 'withdraw' };

/** POST /api/process/{id} (form: action=read | rate with rating and remark | withdraw). */
export function processAction(id: string, body: ProcessAction, idempotencyKey = newIdempotencyKey()) {
  const form: Record<string, string> = { action: body.action };
  if (body.action === 'rate') {
    form.rating = String(body.rating);
    form.remark = body.remark;
  }
  return apiForm<unknown>('POST', `/process/${encodeURIComponent(id)}`, form, { idempotencyKey });
}

/** Mark read, rate or withdraw one process; refreshes the lists, counts and the detail. */
export function useProcessAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProcessAction }) => processAction(id, body),
    onSettled: () => Promise.all([
      qc.invalidateQueries({ queryKey: listKeys.all }),
      qc.invalidateQueries({ queryKey: countsKeys.all }),
      qc.invalidateQueries({ queryKey: processKeys.all }),
    ]),
  });
}

/** Marks each id read, one call per id (spec §4); resolves to the ids that failed with their error. */
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
