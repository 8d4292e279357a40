import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ProcessDetail } from '@service-hall/contracts';
import { actOnTaskRoute } from '@service-hall/contracts/lite';

import { countsKeys } from '../../../lib/domain/counts.ts';
import { call } from '../../../lib/http/call.ts';
import { startProcess, type StartProcessInput } from './start-process.ts';

/** A returned process being corrected: the applicant's resubmission task and the data it held. */
export interface Resubmission {
  processId: string;
  taskId: string;
  data: Record<string, unknown>;
}

/** POST /task/{id} with `resubmit` and the corrected form data (JSON) → the process, moving again. */
export async function resubmitProcess(
  taskId: string,
  { data, idempotencyKey }: StartProcessInput,
): Promise<ProcessDetail> {
  return call(
    actOnTaskRoute,
    { params: { id: taskId }, body: { actionId: 'resubmit', data: JSON.stringify(data) } },
    { idempotencyKey },
  );
}

/**
 * What the apply form's submit does: start a new process, or — when a returned process is being corrected —
 * resubmit it with the data as changed. Either way the answer is the process.
 */
export function useSubmitApplication(resubmission?: Resubmission) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StartProcessInput) =>
      resubmission ? resubmitProcess(resubmission.taskId, input) : startProcess(input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: countsKeys.all }),
  });
}
