/** 退回: sending a process back to an earlier step (or to its starter), with a reason. */
import { EngineError } from './engine-error.ts';
import { enterStep } from './move-process.ts';
import { openTaskOf, refuseResubmit, requireReason } from './open-task.ts';
import { RESUBMIT_STEP } from './resolve-target.ts';
import { assertSameDefinition, cancelOpenTasks, draftOf, stepById, type Draft } from './transition-draft.ts';
import type { Directory, ProcessDefinition, ProcessState, Transition } from './types.ts';

export interface ReturnInput {
  taskId: string;
  actorId: string;
  onBehalfOfId: string | null;
  /** An earlier step of this process's path, or `resubmit` for the starter. */
  stepId: string;
  reason: string;
  now: number;
  directory: Directory;
}

const RESUBMIT_ACTIONS = [{ id: 'resubmit', name: { zh: '重新提交', en: 'Resubmit' } }];

/** The steps a task's holder may return the process to: those visited before the current one, nearest first, then `resubmit`. */
export function returnTargets(state: ProcessState): string[] {
  const earlier = state.path.slice(0, -1);
  return [...new Set(earlier.reverse()), RESUBMIT_STEP];
}

/** Opens the starter's resubmission task: the process waits for them to change the form and send it again. */
function returnToStarter(draft: Draft): void {
  const { state } = draft;
  state.currentStepId = RESUBMIT_STEP;
  state.path = [];
  state.decided = [];
  state.taskSeq += 1;
  const taskId = `${state.processId}.${state.taskSeq}`;
  state.openTasks.push({ taskId, stepId: RESUBMIT_STEP, assigneeId: state.starterId });
  draft.effects.push({
    type: 'task.created',
    taskId,
    stepId: RESUBMIT_STEP,
    name: { zh: '重新提交', en: 'Resubmit' },
    assigneeId: state.starterId,
    actions: RESUBMIT_ACTIONS,
  });
  draft.effects.push({ type: 'notify', userId: state.starterId, kind: 'task.assigned' });
}

/**
 * Returns the process to an earlier step: every open task of the current step is cancelled and the earlier
 * step is entered again, its assignee rule resolved afresh (so its assignees get the task again). Refused from
 * a countersign (mode `all`) step with RETURN_FROM_COUNTERSIGN: the peers' signatures of this visit would be
 * thrown away by one signer; they use the step's own reject or back instead.
 */
export function returnTo(def: ProcessDefinition, state: ProcessState, input: ReturnInput): Transition {
  assertSameDefinition(def, state);
  const task = openTaskOf(state, input.taskId);
  refuseResubmit(task);
  const reason = requireReason(input.reason, 'a return');
  if (stepById(def, task.stepId).mode === 'all') {
    throw new EngineError(
      'RETURN_FROM_COUNTERSIGN',
      `step "${task.stepId}" is a countersign: it cannot be returned from`,
    );
  }
  if (!returnTargets(state).includes(input.stepId)) {
    throw new EngineError(
      'NOT_EARLIER_STEP',
      `step "${input.stepId}" is not an earlier step of process ${state.processId}`,
    );
  }
  const draft = draftOf(state, input.now);
  const next = draft.state;
  next.othersActed = true;
  cancelOpenTasks(draft, 'returned');
  draft.effects.push({
    type: 'process.logged',
    kind: 'returned',
    actorId: input.actorId,
    onBehalfOfId: input.onBehalfOfId,
    stepId: input.stepId,
    userIds: [],
    remark: reason,
  });
  if (input.stepId === RESUBMIT_STEP) {
    returnToStarter(draft);
  } else {
    // The path is cut back to before the earlier step's last visit, which entering it adds again.
    next.path = next.path.slice(0, next.path.lastIndexOf(input.stepId));
    enterStep(def, draft, input.stepId, input.directory);
  }
  return draft;
}
