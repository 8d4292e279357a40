/** The starter taking back a request nobody else has acted on yet. */
import { EngineError } from './engine-error.ts';
import { finishProcess } from './move-process.ts';
import { assertSameDefinition, cancelOpenTasks, draftOf } from './transition-draft.ts';
import type { ProcessDefinition, ProcessState, Transition, WithdrawInput } from './types.ts';

/** Withdraws a running process; only its starter may, and only before anybody else has acted. */
export function withdraw(def: ProcessDefinition, state: ProcessState, input: WithdrawInput): Transition {
  assertSameDefinition(def, state);
  if (input.actorId !== state.starterId) {
    throw new EngineError('NOT_STARTER', `only the starter can withdraw process ${state.processId}`);
  }
  if (state.status !== 'doing') {
    throw new EngineError('PROCESS_NOT_RUNNING', `process ${state.processId} is already ${state.status}`);
  }
  if (state.othersActed) {
    throw new EngineError('CANNOT_WITHDRAW', `process ${state.processId} has already been acted on`);
  }
  const draft = draftOf(state, input.now);
  cancelOpenTasks(draft, 'withdrawn');
  finishProcess(draft, 'withdrawn');
  return draft;
}
