/** The actions an assignee is offered on a task. */
import { RESUBMIT_STEP } from './resolve-target.ts';
import { assertSameDefinition, stepById } from './transition-draft.ts';
import type { I18nText, ProcessDefinition, ProcessState } from './types.ts';

/** Actions offered on the task; empty when the task is not open (done, cancelled, or process finished). */
export function availableActions(
  def: ProcessDefinition,
  state: ProcessState,
  taskId: string,
): Array<{ id: string; name: I18nText }> {
  assertSameDefinition(def, state);
  const task = state.status === 'doing' ? state.openTasks.find((t) => t.taskId === taskId) : undefined;
  if (!task) return [];
  if (task.stepId === RESUBMIT_STEP) return [{ id: 'resubmit', name: { zh: '重新提交', en: 'Resubmit' } }];
  return stepById(def, task.stepId).actions.map((a) => ({ id: a.id, name: a.name }));
}
