/** Starting a process: copies on start, then the first step. */
import { copyProcess, enterStep } from './move-process.ts';
import type { Draft } from './transition-draft.ts';
import type { ProcessDefinition, StartInput, Transition } from './types.ts';

/** Starts a process of `def` and enters its first step; throws NO_ASSIGNEE when nobody can handle it. */
export function start(def: ProcessDefinition, input: StartInput): Transition {
  const draft: Draft = {
    state: {
      processId: input.processId,
      definitionCode: def.code,
      definitionVersion: def.version,
      status: 'doing',
      starterId: input.starterId,
      // A copy, so later changes to the caller's object cannot leak into stored state.
      data: JSON.parse(JSON.stringify(input.data)),
      currentStepId: null,
      path: [],
      openTasks: [],
      decided: [],
      othersActed: false,
      taskSeq: 0,
      startedAt: input.now,
      updatedAt: input.now,
    },
    effects: [],
  };
  copyProcess(draft, def.cc, 'start', input.directory);
  enterStep(def, draft, def.steps[0].id, input.directory);
  return draft;
}
