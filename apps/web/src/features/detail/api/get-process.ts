import { useQuery } from '@tanstack/react-query';

import type { ProcessDetail } from '@service-hall/contracts';
import { getProcessRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';
import { processKey } from '../../lists/list-keys.ts';

/** GET /api/process/{id} — a process with its form data, tasks, copied people and what I may do. */
export async function getProcess(id: string, signal?: AbortSignal): Promise<ProcessDetail> {
  const detail = await call(getProcessRoute, { params: { id } }, { signal });
  if (!detail) throw new Error('not found');
  return detail;
}

export function useProcess(id: string) {
  return useQuery({
    queryKey: processKey(id),
    queryFn: ({ signal }) => getProcess(id, signal),
    enabled: !!id,
  });
}
