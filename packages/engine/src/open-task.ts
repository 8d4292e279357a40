/** Finding the open task an operation is about, and the checks every approval power shares. */
import { EngineError } from './engine-error.ts';
import { RESUBMIT_STEP } from './resolve-target.ts';
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

/** Refuses giving a task of this process to its starter: nobody approves their own request. */
export function refuseStarter(state: ProcessState, userId: string): void {
  if (userId === state.starterId) {
    throw new EngineError('ALREADY_ASSIGNED', `the starter of process ${state.processId} cannot handle its tasks`);
  }
}

/** Refuses approval powers on the starter's resubmission task: it is not a step of the definition. */
export function refuseResubmit(task: OpenTask): void {
  if (task.stepId === RESUBMIT_STEP) {
    throw new EngineError('ACTION_NOT_OFFERED', `task ${task.taskId} is a resubmission: only resubmit is offered`);
  }
}
