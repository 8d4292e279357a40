import type { ProcessStatus } from '@service-hall/contracts';

/** antd Tag colour of a process status: in progress blue, completed green, rejected red, withdrawn grey. */
export const STATUS_TAG_COLOR: Record<ProcessStatus, string> = {
  doing: 'processing',
  completed: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

/** antd-mobile Tag colour of a process status (same meaning as STATUS_TAG_COLOR). */
export const STATUS_TAG_COLOR_MOBILE: Record<ProcessStatus, string> = {
  doing: 'primary',
  completed: 'success',
  rejected: 'danger',
  withdrawn: 'default',
};

/** The id of the task whose action ended a rejected process (its last handled task); undefined otherwise. */
export function endingTaskId(
  status: ProcessStatus,
  tasks: ReadonlyArray<{ id: string; status: string; actionTime: number | null }>,
): string | undefined {
  if (status !== 'rejected') return undefined;
  let last: { id: string; actionTime: number } | undefined;
  for (const t of tasks) {
    if (t.status === 'done' && t.actionTime !== null && (!last || t.actionTime >= last.actionTime))
      last = { id: t.id, actionTime: t.actionTime };
  }
  return last?.id;
}
