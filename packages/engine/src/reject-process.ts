/** 驳回 as an approval power: any assignee may reject, and must say why. */
import { moveTo } from './move-process.ts';
import { openTaskOf, refuseResubmit, requireReason } from './open-task.ts';
import { assertSameDefinition, cancelOpenTasks, draftOf, stepById } from './transition-draft.ts';
import type { Directory, ProcessDefinition, ProcessState, Transition } from './types.ts';

export interface RejectInput {
  taskId: string;
  actorId: string;
  onBehalfOfId: string | null;
  reason: string;
  now: number;
  directory: Directory;
}

/**
 * Rejects the process from an open task: REASON_REQUIRED when the reason is blank. Recorded with the step's own
 * rejecting action when it has one, else as `reject`; peers' tasks are cancelled and the process ends rejected.
 */
export function reject(def: ProcessDefinition, state: ProcessState, input: RejectInput): Transition {
  assertSameDefinition(def, state);
  const task = openTaskOf(state, input.taskId);
  refuseResubmit(task);
  const reason = requireReason(input.reason, 'a rejection');
  const own = stepById(def, task.stepId).actions.find((a) => a.to === 'reject');
  const action = own ?? { id: 'reject', name: { zh: '驳回', en: 'Reject' } };
  const draft = draftOf(state, input.now);
  const next = draft.state;
  next.openTasks = next.openTasks.filter((t) => t.taskId !== task.taskId);
  next.decided.push({ taskId: task.taskId, stepId: task.stepId, assigneeId: task.assigneeId, actionId: action.id });
  if (input.actorId !== next.starterId) next.othersActed = true;
  draft.effects.push({
    type: 'task.completed',
    taskId: task.taskId,
    actionId: action.id,
    actionName: action.name,
    actorId: input.actorId,
    onBehalfOfId: input.onBehalfOfId,
    remark: reason,
  });
  cancelOpenTasks(draft, 'peer-decided');
  moveTo(def, draft, 'reject', input.directory);
  return draft;
}
