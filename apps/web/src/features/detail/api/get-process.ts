import { useQuery } from '@tanstack/react-query';
import type { ProcessDetail } from '@service-hall/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { processKey } from '../../live/list-keys.ts';

/** GET /api/process/{id} — a process with its form data, tasks, copied people and what I may do. */
export async function getProcess(id: string, signal?: AbortSignal): Promise<ProcessDetail> {
  const env = await apiGet<ProcessDetail>(`/process/${encodeURIComponent(id)}`, undefined, signal);
  const detail = env.entities[0];
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
