/** Acting on an open task: record the decision, then move on when the step is decided. */
import { EngineError } from './engine-error.ts';
import { copyProcess, moveTo } from './move-process.ts';
import { isSendingBack, resolveTarget } from './resolve-target.ts';
import { assertSameDefinition, cancelOpenTasks, draftOf, stepById } from './transition-draft.ts';
import type { ActInput, ProcessDefinition, ProcessState, Transition } from './types.ts';

/**
 * Applies an action to an open task. Does no authorisation: the server decides who may act and
 * passes actorId/onBehalfOfId only to be recorded.
 */
export function act(def: ProcessDefinition, state: ProcessState, input: ActInput): Transition {
  assertSameDefinition(def, state);
  const task = state.status === 'doing' ? state.openTasks.find((t) => t.taskId === input.taskId) : undefined;
  if (!task) throw new EngineError('TASK_NOT_OPEN', `task ${input.taskId} is not open`);
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
  // A countersign waits for everyone's approval, but a single reject or back decides it at once.
  if (step.mode === 'all' && !sendingBack && next.openTasks.length > 0) return draft;

  cancelOpenTasks(draft, 'peer-decided');
  if (!sendingBack) copyProcess(draft, step.cc, 'finish', input.directory);
  moveTo(def, draft, destination, input.directory);
  return draft;
}
