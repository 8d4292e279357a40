/** The moves every transition is built from: copy, enter a step, go to a destination, finish. */
import { EngineError } from './engine-error.ts';
import { resolveAssignees, resolveCopies } from './resolve-assignees.ts';
import { stepById, type Draft } from './transition-draft.ts';
import type { CcRule, Directory, ProcessDefinition } from './types.ts';

function contextOf(draft: Draft, directory: Directory) {
  return { starterId: draft.state.starterId, data: draft.state.data, directory };
}

/** Sends copies for the cc rules that fire on this occasion. */
export function copyProcess(draft: Draft, rules: CcRule[] | undefined, on: CcRule['on'], directory: Directory): void {
  const matching = (rules ?? []).filter((rule) => rule.on === on).map((rule) => rule.assignee);
  const userIds = resolveCopies(matching, contextOf(draft, directory));
  if (userIds.length === 0) return;
  draft.effects.push({ type: 'process.copied', userIds });
  for (const userId of userIds) draft.effects.push({ type: 'notify', userId, kind: 'process.copied' });
}

/** Makes the step current and opens one task per assignee; throws NO_ASSIGNEE when nobody qualifies. */
export function enterStep(def: ProcessDefinition, draft: Draft, stepId: string, directory: Directory): void {
  const step = stepById(def, stepId);
  const assignees = resolveAssignees(step.assignee, contextOf(draft, directory));
  if (assignees.length === 0) {
    throw new EngineError('NO_ASSIGNEE', `nobody can handle step "${step.id}" (${step.name.en}) of ${def.code}`, {
      stepId: step.id,
    });
  }
  const { state } = draft;
  state.currentStepId = step.id;
  state.path.push(step.id);
  state.decided = [];
  const actions = step.actions.map((a) => ({ id: a.id, name: a.name }));
  for (const assigneeId of assignees) {
    state.taskSeq += 1;
    const taskId = `${state.processId}.${state.taskSeq}`;
    state.openTasks.push({ taskId, stepId: step.id, assigneeId });
    draft.effects.push({ type: 'task.created', taskId, stepId: step.id, name: step.name, assigneeId, actions });
    draft.effects.push({ type: 'notify', userId: assigneeId, kind: 'task.assigned' });
  }
  copyProcess(draft, step.cc, 'start', directory);
}

/** Ends the process; open tasks (normally none by now) are cancelled as the step is left. */
export function finishProcess(draft: Draft, status: 'completed' | 'rejected' | 'withdrawn'): void {
  const { state } = draft;
  for (const task of state.openTasks) {
    draft.effects.push({ type: 'task.cancelled', taskId: task.taskId, reason: 'step-left' });
  }
  state.openTasks = [];
  state.status = status;
  state.currentStepId = null;
  draft.effects.push({ type: 'process.finished', status });
  draft.effects.push({ type: 'notify', userId: state.starterId, kind: 'process.finished' });
}

/** Leaves the current step for a resolved destination: a step id, 'end', 'reject' or 'back'. */
export function moveTo(def: ProcessDefinition, draft: Draft, destination: string, directory: Directory): void {
  const { state } = draft;
  if (destination === 'end') {
    finishProcess(draft, 'completed');
    copyProcess(draft, def.cc, 'finish', directory);
  } else if (destination === 'reject') {
    finishProcess(draft, 'rejected');
  } else if (destination === 'back') {
    // path ends with the current step; the one before it is where 'back' leads. None before → reject.
    const previous = state.path.at(-2);
    if (previous === undefined) {
      finishProcess(draft, 'rejected');
    } else {
      state.path = state.path.slice(0, -2);
      enterStep(def, draft, previous, directory);
    }
  } else {
    enterStep(def, draft, destination, directory);
  }
}

