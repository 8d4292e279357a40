/** A private, mutable copy of a state plus the effects collected while one transition runs. */
import { EngineError } from './engine-error.ts';
import type { Effect, ProcessDefinition, ProcessState, StepDefinition, Transition } from './types.ts';

export type Draft = Transition;

/** A deep copy of the state to change freely: the caller's state is never mutated. */
export function draftOf(state: ProcessState, now: number): Draft {
  const copy: ProcessState = JSON.parse(JSON.stringify(state));
  copy.updatedAt = now;
  return { state: copy, effects: [] };
}

/** Cancels every open task, recording why. */
export function cancelOpenTasks(draft: Draft, reason: Extract<Effect, { type: 'task.cancelled' }>['reason']): void {
  for (const task of draft.state.openTasks) {
    draft.effects.push({ type: 'task.cancelled', taskId: task.taskId, reason });
  }
  draft.state.openTasks = [];
}

/** The step with this id; a missing one means state and definition disagree. */
export function stepById(def: ProcessDefinition, stepId: string): StepDefinition {
  const step = def.steps.find((s) => s.id === stepId);
  if (!step) throw new EngineError('INVALID_DEFINITION', `${def.code} v${def.version} has no step "${stepId}"`);
  return step;
}

/** Refuses to drive a process with a definition other than the one it was started with. */
export function assertSameDefinition(def: ProcessDefinition, state: ProcessState): void {
  if (def.code !== state.definitionCode || def.version !== state.definitionVersion) {
    throw new EngineError(
      'INVALID_DEFINITION',
      `process ${state.processId} runs ${state.definitionCode} v${state.definitionVersion}, not ${def.code} v${def.version}`,
    );
  }
}
