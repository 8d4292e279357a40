import type { ProcessDetail } from '@service-hall/contracts';

/** What the user needs after submitting: entry number, the step now open and who handles it. */
export function processSummary(p: ProcessDetail): { entry: string; step: string; handlers: string[] } {
  const open = p.tasks.filter((t) => t.status === 'todo');
  const step = open[0]?.name ?? p.pendingTasks?.[0]?.name ?? '';
  const handlers = [...new Set(open.map((t) => t.assignee?.name).filter((n): n is string => !!n))];
  return { entry: p.entry, step, handlers };
}
