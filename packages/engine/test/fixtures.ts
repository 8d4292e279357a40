/** Test fixtures: a fake directory of a tiny university and helpers to drive processes. */
import {
  act,
  loadDefinition,
  start,
  type Directory,
  type Effect,
  type ProcessDefinition,
  type ProcessState,
  type StepDefinition,
  type Transition,
} from '../src/index.ts';

// Every user id is `u-<account>`; the student and the teacher belong to the head's department.
const ROLES: Record<string, string[]> = {
  student: ['u-stu', 'u-stu2'],
  teacher: ['u-teacher'],
  counsellor: ['u-couns'],
  head: ['u-head'],
  finance: ['u-fin1', 'u-fin2'],
  finance_head: ['u-finhead'],
  logistics: ['u-log'],
  library: ['u-lib'],
  office: ['u-off'],
  admin: ['u-admin'],
  hr: ['u-hr'],
  academic: ['u-acad'],
};
const HEADS: Record<string, string> = {
  'u-stu': 'u-head',
  'u-stu2': 'u-head',
  'u-teacher': 'u-head',
  'u-head': 'u-head',
};

/** A directory over the fixture university, with optional overrides per test. */
export function fakeDirectory(
  overrides: { roles?: Record<string, string[]>; heads?: Record<string, string> } = {},
): Directory {
  const roles = { ...ROLES, ...overrides.roles };
  const heads = { ...HEADS, ...overrides.heads };
  const users = new Set(Object.values(roles).flat());
  return {
    userIdByAccount: (account) => (users.has(`u-${account}`) ? `u-${account}` : null),
    userIdsWithRole: (role) => roles[role] ?? [],
    departmentHeadOf: (userId) => heads[userId] ?? null,
  };
}

export const directory = fakeDirectory();

/** A loaded definition with a small all-purpose form and the given steps. */
export function flow(steps: StepDefinition[], extra: Partial<ProcessDefinition> = {}): ProcessDefinition {
  return loadDefinition({
    code: 'test-flow',
    version: 1,
    name: { zh: '测试流程', en: 'Test flow' },
    form: {
      schema: {
        type: 'object',
        properties: { amount: { type: 'number' }, host: { type: 'string' }, kind: { type: 'string' } },
      },
      fieldLabels: {
        amount: { zh: '金额', en: 'Amount' },
        host: { zh: '被访人', en: 'Host' },
        kind: { zh: '类别', en: 'Kind' },
      },
    },
    steps,
    ...extra,
  });
}

/** A one-action-per-target step, handy for composing flows. */
export function step(
  id: string,
  assignee: StepDefinition['assignee'],
  to: Record<string, StepDefinition['actions'][number]['to']>,
  mode: 'any' | 'all' = 'any',
): StepDefinition {
  return {
    id,
    name: { zh: id, en: id },
    assignee,
    mode,
    actions: Object.entries(to).map(([actionId, target]) => ({
      id: actionId,
      name: { zh: actionId, en: actionId },
      to: target,
    })),
  };
}

/** Starts a process of `def` as u-stu at t=100. */
export function begin(def: ProcessDefinition, data: Record<string, unknown> = {}, starterId = 'u-stu'): Transition {
  return start(def, { processId: 'p1', starterId, data, now: 100, directory });
}

/** Acts on the open task of `assigneeId` (the only one if omitted). */
export function actOn(
  def: ProcessDefinition,
  state: ProcessState,
  actionId: string,
  assigneeId?: string,
  remark = '',
): Transition {
  const task = state.openTasks.find((t) => assigneeId === undefined || t.assigneeId === assigneeId);
  if (!task) throw new Error(`no open task for ${assigneeId ?? 'anyone'}`);
  return act(def, state, {
    taskId: task.taskId,
    actionId,
    actorId: task.assigneeId,
    onBehalfOfId: null,
    remark,
    now: state.updatedAt + 10,
    directory,
  });
}

/** Effects of one type, typed. */
export function effectsOf<T extends Effect['type']>(effects: Effect[], type: T): Array<Extract<Effect, { type: T }>> {
  return effects.filter((e): e is Extract<Effect, { type: T }> => e.type === type);
}

/** Assignees of the open tasks, sorted. */
export function assigneesOf(state: ProcessState): string[] {
  return state.openTasks.map((t) => t.assigneeId).sort();
}
