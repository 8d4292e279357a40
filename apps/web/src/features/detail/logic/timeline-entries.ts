import type { ProcessDetail, ProcessTask } from '@service-hall/contracts';

export type TimelineEntry =
  | { kind: 'submitted' | 'urged'; key: string; user: string; time: number }
  | { kind: 'task'; key: string; task: ProcessTask; time: number };

/** The timeline of a process: "submitted by …" first, then tasks and urges in time order (a task by its opening). */
export function timelineEntries(p: Pick<ProcessDetail, 'owner' | 'create' | 'tasks' | 'urges'>): TimelineEntry[] {
  const rest: TimelineEntry[] = [
    ...p.tasks.map((task) => ({ kind: 'task' as const, key: task.id, task, time: task.assignTime })),
    ...p.urges.map((u, i) => ({ kind: 'urged' as const, key: `urge-${i}`, user: u.user.name, time: u.time })),
  ];
  // A stable sort keeps the server's task order among tasks opened in the same second.
  rest.sort((a, b) => a.time - b.time);
  return [{ kind: 'submitted', key: 'submitted', user: p.owner.name, time: p.create }, ...rest];
}

/** The action a task of the history shows: a transfer names whom it went to ("转办给 赵六"), others their action. */
export function taskActionText(task: ProcessTask, t: (key: string, o?: Record<string, string>) => string): string {
  return task.handedTo ? t('transferredTo', { name: task.handedTo.name }) : task.actionName;
}
