/** Acting on an open task: record the decision, then move on when the step is decided. */
import { EngineError } from './engine-error.ts';
import { copyProcess, moveTo, openTasks } from './move-process.ts';
import { openTaskOf } from './open-task.ts';
import { isSendingBack, resolveTarget, RESUBMIT_STEP } from './resolve-target.ts';
import { resubmit } from './resubmit-process.ts';
import { assertSameDefinition, cancelOpenTasks, draftOf, stepById } from './transition-draft.ts';
import type { ActInput, ProcessDefinition, ProcessState, Transition } from './types.ts';

/**
 * Applies an action to an open task. Does no authorisation: the server decides who may act and
 * passes actorId/onBehalfOfId only to be recorded.
 */
export function act(def: ProcessDefinition, state: ProcessState, input: ActInput): Transition {
  assertSameDefinition(def, state);
  const task = openTaskOf(state, input.taskId);
  if (task.stepId === RESUBMIT_STEP) {
    if (input.actionId !== 'resubmit')
      throw new EngineError('ACTION_NOT_OFFERED', `a resubmission offers no action "${input.actionId}"`);
    return resubmit(def, state, {
      taskId: task.taskId,
      actorId: input.actorId,
      now: input.now,
      directory: input.directory,
      ...(input.data ? { data: input.data } : {}),
    });
  }
  const step = stepById(def, task.stepId);
  const action = step.actions.find((a) => a.id === input.actionId);
  if (!action) throw new EngineError('ACTION_NOT_OFFERED', `step "${step.id}" offers no action "${input.actionId}"`);
  if (action.remarkRequired && input.remark.trim() === '') {
    throw new EngineError('REMARK_REQUIRED', `action "${action.id}" needs a remark`);
  }

  const draft = draftOf(state, input.now);
  const next = draft.state;
  next.openTasks = next.openTasks.filter((t) => t.taskId !== task.taskId);
  next.decided.push({ ...task, actionId: action.id });
  // A delegate acting for the starter still counts as somebody else having looked at the request.
  if (input.actorId !== next.starterId || task.assigneeId !== next.starterId) next.othersActed = true;
  draft.effects.push({
    type: 'task.completed',
    taskId: task.taskId,
    actionId: action.id,
    actionName: action.name,
    actorId: input.actorId,
    onBehalfOfId: input.onBehalfOfId,
    remark: input.remark,
  });

  const destination = resolveTarget(action.to, next.data);
  const sendingBack = isSendingBack(destination);
  if (!sendingBack && task.then !== undefined) {
    // A signer added before somebody has approved: the task goes back to that somebody.
    openTasks(draft, step, [task.then]);
    return draft;
  }
  // A countersign waits for everyone's approval, and any step for signers added after somebody;
  // a single reject or back decides it at once.
  const waiting = step.mode === 'all' || next.openTasks.some((t) => t.added);
  if (waiting && !sendingBack && next.openTasks.length > 0) return draft;

  cancelOpenTasks(draft, 'peer-decided');
  if (!sendingBack) copyProcess(draft, step.cc, 'finish', input.directory);
  moveTo(def, draft, destination, input.directory);
  return draft;
}
