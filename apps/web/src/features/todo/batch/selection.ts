import type { Action, Task } from '@service-hall/contracts';

/** Adds the id when absent, removes it when present; returns a new set (the selection is a unique set of ids). */
export function toggleId(selection: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Actions offered by every one of the tasks, in the order of the first task (DESIGN §5 batch actions). */
export function commonActions(tasks: readonly Task[]): Action[] {
  if (tasks.length === 0) return [];
  const [first, ...rest] = tasks;
  return first.actions.filter((a) => rest.every((t) => t.actions.some((b) => b.id === a.id)));
}
