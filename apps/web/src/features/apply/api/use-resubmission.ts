import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';

import { getProcessRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';
import { processKey } from '../../lists/list-keys.ts';
import type { Resubmission } from './submit-application.ts';

/**
 * `?resubmit=<process id>` on the apply page: the returned process whose form the applicant corrects, when the
 * caller holds its resubmission task. `pending` while it loads; `resubmission` undefined for a new application.
 */
export function useResubmission(): { pending: boolean; resubmission?: Resubmission; refused: boolean } {
  const [params] = useSearchParams();
  const id = params.get('resubmit') ?? '';
  const q = useQuery({
    queryKey: processKey(id),
    queryFn: ({ signal }) => call(getProcessRoute, { params: { id } }, { signal }),
    enabled: !!id,
  });
  if (!id) return { pending: false, refused: false };
  if (q.isLoading) return { pending: true, refused: false };
  const task = q.data?.myTask;
  if (!q.data || !task || !task.actions.some((a) => a.id === 'resubmit')) return { pending: false, refused: true };
  return {
    pending: false,
    refused: false,
    resubmission: { processId: q.data.id, taskId: task.id, data: q.data.data as Record<string, unknown> },
  };
}
