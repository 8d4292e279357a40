/** 催办: reminding the current assignees, at most once an hour per process. */
import { EngineError } from './engine-error.ts';
import type { ProcessState, Transition } from './types.ts';

/** Seconds between two urges of one process (the engine's `now` is in seconds, as the server passes it). */
export const URGE_INTERVAL = 3600;

export interface UrgeInput {
  actorId: string;
  now: number;
  /** When this process was last urged; null if never. The server stores it. */
  lastUrgedAt: number | null;
}

/**
 * The effects of urging a running process: `process.urged` naming every current assignee, and a timeline line.
 * URGED_RECENTLY within an hour of the last urge; PROCESS_NOT_RUNNING once finished. The state is unchanged.
 */
export function urge(state: ProcessState, input: UrgeInput): Transition {
  if (state.status !== 'doing')
    throw new EngineError('PROCESS_NOT_RUNNING', `process ${state.processId} is already ${state.status}`);
  if (input.lastUrgedAt !== null && input.now - input.lastUrgedAt < URGE_INTERVAL) {
    throw new EngineError('URGED_RECENTLY', `process ${state.processId} was urged less than an hour ago`, {
      retryAt: input.lastUrgedAt + URGE_INTERVAL,
    });
  }
  const userIds = [...new Set(state.openTasks.map((t) => t.assigneeId))];
  return {
    state: JSON.parse(JSON.stringify(state)),
    effects: [
      { type: 'process.urged', actorId: input.actorId, userIds },
      {
        type: 'process.logged',
        kind: 'urged',
        actorId: input.actorId,
        onBehalfOfId: null,
        stepId: state.currentStepId,
        userIds,
        remark: '',
      },
    ],
  };
}
