import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { errorText } from '../../../lib/http/api-client.ts';
import { actOnTask, invalidateAfterTask, needsReason } from '../../actions/act-on-task.ts';
import { IdempotencyKeys, runBatch, type BatchFailure } from './batch-runner.ts';
import { batchChoices, planBatch } from './selection.ts';
import type { TaskSelection } from './use-task-selection.ts';

export type BatchStep = 0 | 1 | 2;
export const CLOSE_DELAY_MS = 1000;

/**
 * State of the batch modal (docs/product.md §4): step 0 choose an action and see which action each item gets (items
 * without it are not sent), step 1 progress, step 2 failures. A reject needs a reason. When every sent item
 * succeeds: `onAllDone` (message), those items unticked, lists refreshed, `onClose` after about 1 s. A failure
 * that can only fail again (handled elsewhere) is unticked; the others stay ticked for a retry.
 */
export function useBatch(
  selection: TaskSelection,
  open: boolean,
  onClose: () => void,
  onAllDone: () => void,
  preferred?: string,
) {
  const qc = useQueryClient();
  const keys = useRef(new IdempotencyKeys());
  const [step, setStep] = useState<BatchStep>(0);
  const [choice, setChoice] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const [percent, setPercent] = useState(0);
  const [failures, setFailures] = useState<BatchFailure[]>([]);
  const [running, setRunning] = useState(false);
  const choices = useMemo(() => batchChoices(selection.tasks), [selection.tasks]);
  const plan = useMemo(() => planBatch(selection.tasks, choice), [selection.tasks, choice]);
  const chosen = choices.find((c) => c.key === choice)?.action;
  const sendable = plan.filter((p) => p.action);
  const reasonRequired = needsReason(chosen);
  const reasonMissing = reasonRequired && reason.trim() === '';

  useEffect(() => {
    if (!open) return;
    setStep(0);
    setPercent(0);
    setFailures([]);
    setReason('');
    // Opened by a triage key (a / r): that action, under its most widely offered name, is chosen already.
    setChoice(preferred ? batchChoices(selection.tasks).find((c) => c.action.id === preferred)?.key : undefined);
    // Only when the dialog opens; later changes of the selection keep the user's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // A single choice needs no click; a choice that vanished with its tasks is forgotten.
  useEffect(() => {
    if (choices.length === 1 && !choice) setChoice(choices[0].key);
    else if (choice && !choices.some((c) => c.key === choice)) setChoice(undefined);
  }, [choices, choice]);

  const start = useCallback(async () => {
    if (!chosen || running || reasonMissing || sendable.length === 0) return;
    setRunning(true);
    setStep(1);
    setPercent(0);
    const items = sendable.map((p) => ({ taskId: p.task.id, entry: p.task.process.entry }));
    const remark = reasonRequired ? reason.trim() : '';
    const result = await runBatch({
      items,
      actionId: chosen.id,
      remark,
      keys: keys.current,
      send: (taskId, action, idempotencyKey, text) =>
        actOnTask({ taskId, actionId: action, remark: text, idempotencyKey }),
      onProgress: setPercent,
      describe: errorText,
    });
    // Refresh in the background: the modal's outcome must not wait for the lists to reload.
    void invalidateAfterTask(qc);
    setRunning(false);
    selection.drop([...result.succeeded, ...result.failures.filter((f) => f.gone).map((f) => f.taskId)]);
    if (result.failures.length === 0) {
      onAllDone();
      setTimeout(onClose, CLOSE_DELAY_MS);
    } else {
      setFailures(result.failures);
      setStep(2);
    }
  }, [chosen, running, reasonMissing, reasonRequired, reason, sendable, selection, qc, onAllDone, onClose]);

  /** Back to step 0 with the failed tasks that can still be handled ticked. */
  const retry = useCallback(() => {
    setStep(0);
    setPercent(0);
    setFailures([]);
  }, []);

  const retryable = failures.filter((f) => !f.gone).length;
  return {
    step,
    choices,
    choice,
    setChoice,
    chosen,
    plan,
    sendable: sendable.length,
    reason,
    setReason,
    reasonRequired,
    reasonMissing,
    percent,
    failures,
    retryable,
    running,
    start,
    retry,
    count: selection.tasks.length,
  };
}

export type BatchState = ReturnType<typeof useBatch>;
