import type { Action, Task } from '@service-hall/contracts';

/** Adds the id when absent, removes it when present; returns a new set (the selection is a unique set of ids). */
export function toggleId(selection: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * An action as the user sees it. Two apps can give the same id different meanings (the visitor registration's
 * "approve" is 确认来访, the leave's is 同意), so an action is only "the same" when id and name both match.
 */
export interface BatchChoice {
  key: string;
  action: Action;
  /** How many of the ticked tasks offer it. */
  count: number;
}

/** The key of an action: id and shown name together. */
export function choiceKey(action: Action): string {
  return `${action.id}\u0000${action.name}`;
}

/**
 * Every action offered by at least one ticked task, most widely offered first (then in first-seen order), so the
 * user can pick one and see which items it applies to.
 */
export function batchChoices(tasks: readonly Task[]): BatchChoice[] {
  const byKey = new Map<string, BatchChoice>();
  for (const task of tasks) {
    for (const action of task.actions) {
      const key = choiceKey(action);
      const known = byKey.get(key);
      if (known) known.count += 1;
      else byKey.set(key, { key, action, count: 1 });
    }
  }
  return [...byKey.values()].sort((a, b) => b.count - a.count);
}

/** One line of the batch plan: the task and the action it will get, or none (it is then not sent). */
export interface PlanItem {
  task: Task;
  action?: Action;
}

/** Which action each ticked task gets for the chosen one (same id and name), in the ticked order. */
export function planBatch(tasks: readonly Task[], choiceKeyChosen: string | undefined): PlanItem[] {
  return tasks.map((task) => ({
    task,
    action: choiceKeyChosen ? task.actions.find((a) => choiceKey(a) === choiceKeyChosen) : undefined,
  }));
}
