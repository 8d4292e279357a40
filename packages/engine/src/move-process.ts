/** The moves every transition is built from: copy, enter a step, go to a destination, finish. */
import { EngineError } from './engine-error.ts';
import { resolveAssignees, resolveCopies } from './resolve-assignees.ts';
import { forwardDestination } from './simulate-path.ts';
import { stepById, type Draft } from './transition-draft.ts';
import type { CcRule, Directory, ProcessDefinition, StepDefinition } from './types.ts';

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

/** Who handles the step: its rule, else its "when nobody is found" fallback; [] means nobody. */
function assigneesOf(step: StepDefinition, draft: Draft, directory: Directory): string[] {
  const found = resolveAssignees(step.assignee, contextOf(draft, directory));
  if (found.length > 0 || step.whenNobody?.action !== 'assign') return found;
  return resolveAssignees(step.whenNobody.assignee, contextOf(draft, directory));
}

/**
 * Makes the step current and opens one task per assignee. A cc step copies its assignees and moves on; a step
 * whose rule finds nobody is skipped if it says so, else NO_ASSIGNEE is thrown. `hops` bounds a chain of
 * steps passed without anybody acting, so a definition cannot loop for ever.
 */
export function enterStep(def: ProcessDefinition, draft: Draft, stepId: string, directory: Directory, hops = 0): void {
  const step = stepById(def, stepId);
  const { state } = draft;
  if (hops > def.steps.length) {
    throw new EngineError('NO_ASSIGNEE', `${def.code}: steps passed without anybody acting go round in a circle`, {
      stepId,
    });
  }
  if (step.kind === 'cc') {
    // Passed steps stay out of `path`, so 'back' and returns never land on a step nobody acts on.
    state.passed = [...(state.passed ?? []), step.id];
    copyProcess(draft, [{ on: 'start', assignee: step.assignee }], 'start', directory);
    moveTo(def, draft, forwardDestination(step, draft.state.data), directory, hops + 1);
    return;
  }
  const assignees = assigneesOf(step, draft, directory);
  if (assignees.length === 0 && step.whenNobody?.action === 'skip') {
    state.passed = [...(state.passed ?? []), step.id];
    moveTo(def, draft, forwardDestination(step, draft.state.data), directory, hops + 1);
    return;
  }
  if (assignees.length === 0) {
    throw new EngineError('NO_ASSIGNEE', `nobody can handle step "${step.id}" (${step.name.en}) of ${def.code}`, {
      stepId: step.id,
    });
  }
  state.currentStepId = step.id;
  state.path.push(step.id);
  state.decided = [];
  openTasks(draft, step, assignees);
  copyProcess(draft, step.cc, 'start', directory);
}

/** Opens one task of `step` per assignee; `then` is set on tasks of signers added before somebody. */
export function openTasks(draft: Draft, step: StepDefinition, assignees: string[], then?: string): void {
  const { state } = draft;
  const actions = step.actions.map((a) => ({ id: a.id, name: a.name }));
  for (const assigneeId of assignees) {
    state.taskSeq += 1;
    const taskId = `${state.processId}.${state.taskSeq}`;
    state.openTasks.push(
      then === undefined ? { taskId, stepId: step.id, assigneeId } : { taskId, stepId: step.id, assigneeId, then },
    );
    draft.effects.push({ type: 'task.created', taskId, stepId: step.id, name: step.name, assigneeId, actions });
    draft.effects.push({ type: 'notify', userId: assigneeId, kind: 'task.assigned' });
  }
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
export function moveTo(
  def: ProcessDefinition,
  draft: Draft,
  destination: string,
  directory: Directory,
  hops = 0,
): void {
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
      enterStep(def, draft, previous, directory, hops);
    }
  } else {
    enterStep(def, draft, destination, directory, hops);
  }
}
