/** The starter sending a returned process again, possibly with changed form data. */
import { EngineError } from './engine-error.ts';
import { enterStep } from './move-process.ts';
import { openTaskOf } from './open-task.ts';
import { RESUBMIT_STEP } from './resolve-target.ts';
import { assertSameDefinition, draftOf } from './transition-draft.ts';
import type { Directory, ProcessDefinition, ProcessState, Transition } from './types.ts';

export interface ResubmitInput {
  taskId: string;
  actorId: string;
  /** The corrected form data (validate it first, as for start); omitted = unchanged. */
  data?: Record<string, unknown>;
  now: number;
  directory: Directory;
}

/** Completes the starter's resubmission task and enters the first step again; only on a resubmission task. */
export function resubmit(def: ProcessDefinition, state: ProcessState, input: ResubmitInput): Transition {
  assertSameDefinition(def, state);
  const task = openTaskOf(state, input.taskId);
  if (task.stepId !== RESUBMIT_STEP)
    throw new EngineError('ACTION_NOT_OFFERED', `task ${task.taskId} is not a resubmission`);
  const draft = draftOf(state, input.now);
  const next = draft.state;
  next.openTasks = next.openTasks.filter((t) => t.taskId !== task.taskId);
  if (input.data) next.data = JSON.parse(JSON.stringify(input.data));
  draft.effects.push({
    type: 'task.completed',
    taskId: task.taskId,
    actionId: 'resubmit',
    actionName: { zh: '重新提交', en: 'Resubmit' },
    actorId: input.actorId,
    onBehalfOfId: null,
    remark: '',
  });
  draft.effects.push({
    type: 'process.logged',
    kind: 'resubmitted',
    actorId: input.actorId,
    onBehalfOfId: null,
    stepId: null,
    userIds: [],
    remark: '',
  });
  enterStep(def, draft, def.steps[0].id, input.directory);
  return draft;
}
