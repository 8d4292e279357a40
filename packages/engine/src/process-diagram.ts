/** Where a process is, as the detail page draws it: done, current and upcoming nodes, and who. */
import { resolveAssignees, resolveCopies } from './resolve-assignees.ts';
import { RESUBMIT_STEP } from './resolve-target.ts';
import { simulatePath } from './simulate-path.ts';
import type { Directory, I18nText, ProcessDefinition, ProcessState } from './types.ts';

export type DiagramStatus = 'done' | 'current' | 'upcoming' | 'skipped';

export interface DiagramNode {
  /** A step id, or `start` (submitted by the starter; current while a returned process waits for them) and `end`. */
  id: string;
  kind: 'start' | 'approval' | 'cc' | 'end';
  name: I18nText;
  status: DiagramStatus;
  /**
   * Who: the starter; who decided a done step; who holds a current one; who an upcoming one would go to; whom a
   * cc step copied (or would copy).
   */
  userIds: string[];
}

export interface DiagramInput {
  /** Decisions so far (the server's task rows: step and who acted), for the "who" of done steps. */
  handled?: Array<{ stepId: string; userId: string }>;
  /** When given, upcoming steps name their likely assignees. */
  directory?: Directory;
}

const END_NAMES: Record<ProcessState['status'], I18nText> = {
  doing: { zh: '办结', en: 'Finish' },
  completed: { zh: '已办结', en: 'Completed' },
  rejected: { zh: '已驳回', en: 'Rejected' },
  withdrawn: { zh: '已撤回', en: 'Withdrawn' },
};

/** The diagram of a process: the start, each step of its definition in order, and the end. */
export function processDiagram(def: ProcessDefinition, state: ProcessState, input: DiagramInput = {}): DiagramNode[] {
  const running = state.status === 'doing';
  const current = running ? state.currentStepId : null;
  const done = new Set([...state.path, ...(state.passed ?? [])].filter((id) => id !== current));
  const upcoming = new Set(
    running && current && current !== RESUBMIT_STEP
      ? simulatePath(def, state.data, current).steps.filter((id) => id !== current)
      : [],
  );
  if (current === RESUBMIT_STEP) simulatePath(def, state.data).steps.forEach((id) => upcoming.add(id));
  const whoDid = (stepId: string) => [
    ...new Set([
      ...(input.handled ?? []).filter((h) => h.stepId === stepId).map((h) => h.userId),
      ...state.decided.filter((d) => d.stepId === stepId).map((d) => d.assigneeId),
    ]),
  ];
  const likely = (stepId: string) => {
    const step = def.steps.find((s) => s.id === stepId)!;
    if (!input.directory) return [];
    const ctx = { starterId: state.starterId, data: state.data, directory: input.directory };
    // A cc step copies its assignees but never the starter (move-process.ts copyProcess).
    return step.kind === 'cc' ? resolveCopies([step.assignee], ctx) : resolveAssignees(step.assignee, ctx);
  };
  const nodes: DiagramNode[] = [
    {
      id: 'start',
      kind: 'start',
      name: { zh: '提交申请', en: 'Submitted' },
      status: current === RESUBMIT_STEP ? 'current' : 'done',
      userIds: [state.starterId],
    },
  ];
  for (const step of def.steps) {
    const kind = step.kind ?? 'approval';
    if (step.id === current) {
      const holders = state.openTasks.filter((t) => t.stepId === step.id).map((t) => t.assigneeId);
      nodes.push({ id: step.id, kind, name: step.name, status: 'current', userIds: [...new Set(holders)] });
    } else if (done.has(step.id)) {
      // Nobody acts on a cc step: a passed one names whom it copied (resolved as when it copied, from the directory).
      nodes.push({
        id: step.id,
        kind,
        name: step.name,
        status: 'done',
        userIds: kind === 'cc' ? likely(step.id) : whoDid(step.id),
      });
    } else if (upcoming.has(step.id)) {
      nodes.push({ id: step.id, kind, name: step.name, status: 'upcoming', userIds: likely(step.id) });
    } else {
      nodes.push({ id: step.id, kind, name: step.name, status: 'skipped', userIds: [] });
    }
  }
  nodes.push({
    id: 'end',
    kind: 'end',
    name: END_NAMES[state.status],
    status: running ? 'upcoming' : 'done',
    userIds: [],
  });
  return nodes;
}
