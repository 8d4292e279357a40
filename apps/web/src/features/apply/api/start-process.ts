import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ProcessDetail } from '@service-hall/contracts';
import { startProcessRoute } from '@service-hall/contracts/lite';

import { countsKeys } from '../../../lib/domain/counts.ts';
import { call } from '../../../lib/http/call.ts';

export interface StartProcessInput {
  code: string;
  data: Record<string, unknown>;
  /** One key per submit click, reused by the client's retries so a retry never starts a second process. */
  idempotencyKey: string;
}

/** PUT /process (form: code, data JSON) → the new process. */
export async function startProcess({ code, data, idempotencyKey }: StartProcessInput): Promise<ProcessDetail> {
  return call(startProcessRoute, { body: { code, data: JSON.stringify(data) } }, { idempotencyKey });
}

export function useStartProcess() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startProcess,
    // A new process changes doing (and maybe to-do when the starter handles the first step).
    onSuccess: () => void qc.invalidateQueries({ queryKey: countsKeys.all }),
  });
}
