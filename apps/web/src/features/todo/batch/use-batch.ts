import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../lib/api-client.ts';
import { actOnTask, invalidateAfterTask } from '../../live/act-on-task.ts';
import { IdempotencyKeys, runBatch, type BatchFailure } from './batch-runner.ts';
import { commonActions } from './selection.ts';
import type { TaskSelection } from './use-task-selection.ts';

export type BatchStep = 0 | 1 | 2;
export const CLOSE_DELAY_MS = 1000;

/**
 * State of the batch modal (spec §4): step 0 choose an action, step 1 progress, step 2 failures. When every
 * item succeeds: `onAllDone` (message), selection cleared, lists refreshed, `onClose` after about 1 s.
 */
export function useBatch(selection: TaskSelection, open: boolean, onClose: () => void, onAllDone: () => void) {
  const qc = useQueryClient();
  const keys = useRef(new IdempotencyKeys());
  const [step, setStep] = useState<BatchStep>(0);
  const [actionId, setActionId] = useState<string | undefined>();
  const [percent, setPercent] = useState(0);
  const [failures, setFailures] = useState<BatchFailure[]>([]);
  const [running, setRunning] = useState(false);
  const actions = useMemo(() => commonActions(selection.tasks), [selection.tasks]);

  useEffect(() => {
    if (!open) return;
    setStep(0);
    setPercent(0);
    setFailures([]);
    setActionId(undefined);
  }, [open]);

  const start = useCallback(async () => {
    if (!actionId || running) return;
    setRunning(true);
    setStep(1);
    setPercent(0);
    const items = selection.tasks.map((t) => ({ taskId: t.id, entry: t.process.entry }));
    const result = await runBatch({
      items,
      actionId,
      keys: keys.current,
      send: (taskId, action, idempotencyKey) => actOnTask({ taskId, actionId: action, idempotencyKey }),
      onProgress: setPercent,
      describe: errorText,
    });
    // Refresh in the background: the modal's outcome must not wait for the lists to reload.
    void invalidateAfterTask(qc);
    setRunning(false);
    if (result.failures.length === 0) {
      selection.clear();
      onAllDone();
      setTimeout(onClose, CLOSE_DELAY_MS);
    } else {
      selection.keepOnly(result.failures.map((f) => f.taskId));
      setFailures(result.failures);
      setStep(2);
    }
  }, [actionId, running, selection, qc, onAllDone, onClose]);

  /** Back to step 0 with the failed tasks still ticked. */
  const retry = useCallback(() => {
    setStep(0);
    setPercent(0);
    setFailures([]);
  }, []);

  return { step, actions, actionId, setActionId, percent, failures, running, start, retry, count: selection.tasks.length };
}
