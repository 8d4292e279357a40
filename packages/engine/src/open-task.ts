/** Finding the open task an operation is about, and the checks every approval power shares. */
import { EngineError } from './engine-error.ts';
import { RESUBMIT_STEP } from './resolve-target.ts';
import { draftOf, type Draft } from './transition-draft.ts';
import type { OpenTask, ProcessState } from './types.ts';

/** The open task `taskId` of a running process; TASK_NOT_OPEN otherwise. */
export function openTaskOf(state: ProcessState, taskId: string): OpenTask {
  const task = state.status === 'doing' ? state.openTasks.find((t) => t.taskId === taskId) : undefined;
  if (!task) throw new EngineError('TASK_NOT_OPEN', `task ${taskId} is not open`);
  return task;
}

/** The reason, trimmed; REASON_REQUIRED when it is blank. */
export function requireReason(reason: string | undefined, what: string): string {
  const text = (reason ?? '').trim();
  if (text === '') throw new EngineError('REASON_REQUIRED', `${what} needs a reason`);
  return text;
}

/**
 * Refuses a new holder for a task's step (ALREADY_ASSIGNED): somebody already holding a task of the step, or
 * the starter (nobody approves their own request).
 */
export function refuseNewHolder(state: ProcessState, task: OpenTask, userId: string): void {
  if (state.openTasks.some((t) => t.stepId === task.stepId && t.assigneeId === userId)) {
    throw new EngineError('ALREADY_ASSIGNED', `${userId} already holds a task of step "${task.stepId}"`);
  }
  if (userId === state.starterId) {
    throw new EngineError('ALREADY_ASSIGNED', `the starter of process ${state.processId} cannot handle its tasks`);
  }
}

/** A draft of the state with the task taken out of the open tasks; somebody other than the starter has now acted. */
export function draftWithout(state: ProcessState, task: OpenTask, now: number): Draft {
  const draft = draftOf(state, now);
  draft.state.openTasks = draft.state.openTasks.filter((t) => t.taskId !== task.taskId);
  draft.state.othersActed = true;
  return draft;
}

/** Refuses approval powers on the starter's resubmission task: it is not a step of the definition. */
export function refuseResubmit(task: OpenTask): void {
  if (task.stepId === RESUBMIT_STEP) {
    throw new EngineError('ACTION_NOT_OFFERED', `task ${task.taskId} is a resubmission: only resubmit is offered`);
  }
}
