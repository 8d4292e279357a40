/** 转办: handing one's task to somebody else, who then holds it in the same step. */
import { EngineError } from './engine-error.ts';
import { openTasks } from './move-process.ts';
import { draftWithout, openTaskOf, refuseNewHolder, refuseResubmit, requireReason } from './open-task.ts';
import { assertSameDefinition, stepById } from './transition-draft.ts';
import type { ProcessDefinition, ProcessState, Transition } from './types.ts';

export interface TransferInput {
  taskId: string;
  actorId: string;
  onBehalfOfId: string | null;
  /** The user who gets the task; the server has checked that they exist and are not disabled. */
  toUserId: string;
  reason: string;
  now: number;
}

/**
 * Transfers an open task: reason required; not to the task's holder or the actor (TRANSFER_TO_SELF), not to
 * somebody who already holds a task of this step or to the starter (ALREADY_ASSIGNED).
 */
export function transfer(def: ProcessDefinition, state: ProcessState, input: TransferInput): Transition {
  assertSameDefinition(def, state);
  const task = openTaskOf(state, input.taskId);
  refuseResubmit(task);
  const reason = requireReason(input.reason, 'a transfer');
  if (input.toUserId === task.assigneeId || input.toUserId === input.actorId) {
    throw new EngineError('TRANSFER_TO_SELF', `task ${task.taskId} cannot be transferred to its own holder`);
  }
  refuseNewHolder(state, task, input.toUserId);
  const draft = draftWithout(state, task, input.now);
  const next = draft.state;
  draft.effects.push({ type: 'task.cancelled', taskId: task.taskId, reason: 'transferred' });
  // The new holder takes the task's place: a signer added before somebody still hands back to them.
  openTasks(draft, stepById(def, task.stepId), [input.toUserId], task.then);
  if (task.added) next.openTasks.at(-1)!.added = true;
  draft.effects.push({
    type: 'process.logged',
    kind: 'transferred',
    actorId: input.actorId,
    onBehalfOfId: input.onBehalfOfId,
    stepId: task.stepId,
    userIds: [input.toUserId],
    remark: reason,
  });
  return draft;
}
