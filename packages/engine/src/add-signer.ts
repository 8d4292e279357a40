/** 加签: asking somebody else to sign in this step, before oneself or after oneself. */
import { EngineError } from './engine-error.ts';
import { openTasks } from './move-process.ts';
import { draftWithout, openTaskOf, refuseNewHolder, refuseResubmit } from './open-task.ts';
import { isSendingBack, resolveTarget } from './resolve-target.ts';
import { assertSameDefinition, stepById } from './transition-draft.ts';
import type { ProcessDefinition, ProcessState, Transition } from './types.ts';

export interface AddSignerInput {
  taskId: string;
  actorId: string;
  onBehalfOfId: string | null;
  signerId: string;
  /** `before`: the signer signs first, then the task comes back; `after`: the actor approves now, the signer next. */
  position: 'before' | 'after';
  remark: string;
  now: number;
}

/**
 * Adds a signer to the task's step. Refused (ALREADY_SIGNED) for somebody who already decided in this visit
 * of the step, and (ALREADY_ASSIGNED) for somebody holding a task of it, the actor themselves or the starter.
 * `after` records the actor's approval with the step's first forward action, and the step then waits for the
 * signer even in mode `any` (the peers' tasks are cancelled as by any approval).
 */
export function addSigner(def: ProcessDefinition, state: ProcessState, input: AddSignerInput): Transition {
  assertSameDefinition(def, state);
  const task = openTaskOf(state, input.taskId);
  refuseResubmit(task);
  const step = stepById(def, task.stepId);
  if (state.decided.some((d) => d.stepId === task.stepId && d.assigneeId === input.signerId)) {
    throw new EngineError('ALREADY_SIGNED', `${input.signerId} has already signed step "${task.stepId}"`);
  }
  if (input.signerId === input.actorId)
    throw new EngineError('ALREADY_ASSIGNED', `${input.signerId} is adding themselves`);
  refuseNewHolder(state, task, input.signerId);
  const draft = draftWithout(state, task, input.now);
  const next = draft.state;
  if (input.position === 'before') {
    draft.effects.push({ type: 'task.cancelled', taskId: task.taskId, reason: 'signer-added' });
    openTasks(draft, step, [input.signerId], task.assigneeId);
  } else {
    const forward = step.actions.find((a) => !isSendingBack(resolveTarget(a.to, next.data)));
    if (!forward) throw new EngineError('ACTION_NOT_OFFERED', `step "${step.id}" has no approving action to sign with`);
    next.decided.push({ taskId: task.taskId, stepId: task.stepId, assigneeId: task.assigneeId, actionId: forward.id });
    draft.effects.push({
      type: 'task.completed',
      taskId: task.taskId,
      actionId: forward.id,
      actionName: forward.name,
      actorId: input.actorId,
      onBehalfOfId: input.onBehalfOfId,
      remark: input.remark,
    });
    if (step.mode === 'any') {
      // An approval decides an `any` step for the peers; only the added signer is still to come.
      for (const peer of next.openTasks.filter((t) => !t.added)) {
        draft.effects.push({ type: 'task.cancelled', taskId: peer.taskId, reason: 'peer-decided' });
      }
      next.openTasks = next.openTasks.filter((t) => t.added);
    }
    openTasks(draft, step, [input.signerId]);
    next.openTasks.at(-1)!.added = true;
  }
  draft.effects.push({
    type: 'process.logged',
    kind: input.position === 'before' ? 'signer-added-before' : 'signer-added-after',
    actorId: input.actorId,
    onBehalfOfId: input.onBehalfOfId,
    stepId: task.stepId,
    userIds: [input.signerId],
    remark: input.remark,
  });
  return draft;
}
