import { builtinDefinitions, start, type ProcessState } from '@service-hall/engine';

import { actorAccount, HEAVY_ACCOUNT, idOf, rng, staffAccount, studentAccount, type SeedPlan } from './plan.ts';

export type Row = Record<string, string | number | null>;
export type Emit = (table: string, row: Row) => void | Promise<void>;

const DAY = 86_400;
const YEAR = 365 * DAY;
const ENTERPRISE_ID = 'demo-university';
const DEPARTMENTS = ['cs', 'academic', 'students', 'finance', 'hr', 'logistics', 'library', 'it', 'office'];
const SERVICES = [
  '请假申请',
  '报销申请',
  '用印申请',
  '会议室预约',
  '在读证明',
  '宿舍报修',
  '出差申请',
  '图书证补办',
  '加班申请',
  '用车申请',
];

// Every bench process follows the built-in single-step library-card flow, so any open task can really be handled
// by the engine (the action benchmark needs that) while the lists see ordinary rows.
const DEF = builtinDefinitions.find((d) => d.code === 'library-card')!;
const STEP = DEF.steps[0]!;
const ACTIONS = JSON.stringify(STEP.actions.map((a) => ({ id: a.id, name: a.name })));
const FORM = { reason: 'lost', contactPhone: '13800000000' };
const TEMPLATE: ProcessState = start(DEF, {
  processId: 'P',
  starterId: 'S',
  data: FORM,
  now: 0,
  directory: { userIdByAccount: () => null, userIdsWithRole: () => ['A'], departmentHeadOf: () => null },
}).state;

/** Streams the whole benchmark university (users, apps, processes, tasks, participants, copies) to `emit`. */
export async function generate(plan: SeedPlan, now: number, passwordHash: string, version: number, emit: Emit) {
  const random = rng(plan.processes);
  const pick = (n: number) => Math.floor(random() * n);
  const staffId = (i: number) => idOf(staffAccount(i));

  await emitUsers(plan, now, passwordHash, emit);
  for (let i = 0; i < plan.apps; i++) {
    const service = SERVICES[i % SERVICES.length]!;
    await emit('apps', {
      id: `bench-app-${i}`,
      code: `bench-app-${i}`,
      name: `${service}${i}`,
      name_en: `Bench service ${i}`,
      uri: `/workflow/apply?code=bench-app-${i}`,
      tags: '办事',
      tags_en: 'Services',
      icon: '',
      department: '信息化中心',
      department_en: 'IT Centre',
      abbreviation: '',
      description: `${service}（基准测试）`,
      description_en: 'Benchmark app',
      recommend: 0,
      palette: '',
      rating_sum: 0,
      rated: 0,
      completed: 0,
      system_id: null,
      definition_code: DEF.code,
      first_letter: 'B',
      initials: '',
      pinyin: '',
      enabled: 1,
      created_at: now - 3 * YEAR,
    });
  }

  let seq = 0;
  const processRow = (
    ownerId: string,
    appIndex: number,
    created: number,
    status: string,
    state: ProcessState,
    updated: number,
    finished: number | null,
  ): Row => {
    const id = state.processId;
    return {
      id,
      entry: `B${String(seq).padStart(8, '0')}`,
      app_id: `bench-app-${appIndex}`,
      definition_code: DEF.code,
      definition_version: version,
      name: `${SERVICES[appIndex % SERVICES.length]}${appIndex}`,
      uri: `/workflow/detail?id=${id}`,
      tags: '办事',
      owner_id: ownerId,
      system_id: null,
      status,
      priority: 0,
      draft: 0,
      data: JSON.stringify(FORM),
      state: JSON.stringify(state),
      rating: null,
      review: '',
      created_at: created,
      updated_at: updated,
      finished_at: finished,
    };
  };
  const task = (pid: string, n: number, assignee: string, appIndex: number, at: number, done: boolean): Row => ({
    id: `${pid}.${n}`,
    process_id: pid,
    step_id: STEP.id,
    name: STEP.name.zh,
    assignee_id: assignee,
    status: done ? 'done' : 'todo',
    actions: ACTIONS,
    uri: `/workflow/detail?id=${pid}&task=${pid}.${n}`,
    app_id: `bench-app-${appIndex}`,
    assign_time: at,
    action_id: done ? 'approve' : null,
    action_name: done ? STEP.actions[0]!.name.zh : '',
    action_user_id: done ? assignee : null,
    on_behalf_of_id: null,
    action_time: done ? at + 3600 : null,
    remark: '',
  });
  const participant = (
    pid: string,
    userId: string,
    owner: boolean,
    finished: boolean,
    created: number,
    updated: number,
  ) =>
    emit('process_participants', {
      process_id: pid,
      user_id: userId,
      is_owner: owner ? 1 : 0,
      finished: finished ? 1 : 0,
      created_at: created,
      updated_at: updated,
    });
  /** A running process whose only open task (number `n`) waits for `assignee`. */
  const openState = (pid: string, owner: string, assignee: string, n: number, created: number): ProcessState => ({
    ...TEMPLATE,
    processId: pid,
    starterId: owner,
    definitionVersion: version,
    taskSeq: n,
    othersActed: n > 1,
    openTasks: [{ ...TEMPLATE.openTasks[0]!, taskId: `${pid}.${n}`, assigneeId: assignee }],
    startedAt: created,
    updatedAt: created,
  });

  // bench-heavy: 5,000 open tasks, one per running process, assigned over the last few months.
  const heavy = idOf(HEAVY_ACCOUNT);
  for (let i = 0; i < plan.heavyTasks; i++, seq++) {
    const pid = `bh${seq.toString(36)}`;
    const owner = idOf(studentAccount(pick(plan.users - plan.staff)));
    const created = now - pick(120 * DAY) - 60;
    const appIndex = pick(plan.apps);
    await emit(
      'processes',
      processRow(owner, appIndex, created, 'doing', openState(pid, owner, heavy, 1, created), created, null),
    );
    await emit('tasks', task(pid, 1, heavy, appIndex, created, false));
    await participant(pid, owner, true, false, created, created);
  }

  // Fresh tasks for the action benchmark: created a minute ago so they sit on top of the actors' lists.
  for (let i = 0; i < plan.freshTasks; i++, seq++) {
    const pid = `bf${seq.toString(36)}`;
    const owner = idOf(studentAccount(pick(plan.users - plan.staff)));
    const actor = idOf(actorAccount(i % plan.actors));
    const created = now - 60;
    const appIndex = seq % plan.apps;
    await emit(
      'processes',
      processRow(owner, appIndex, created, 'doing', openState(pid, owner, actor, 1, created), created, null),
    );
    await emit('tasks', task(pid, 1, actor, appIndex, created, false));
    await participant(pid, owner, true, false, created, created);
  }

  // Background: three years of processes, four tasks each between two staff approvers, 10 % still running.
  const background = Math.max(0, plan.processes - plan.heavyTasks - plan.freshTasks);
  for (let i = 0; i < background; i++, seq++) {
    const pid = `bp${seq.toString(36)}`;
    const owner = idOf(studentAccount(pick(plan.users - plan.staff)));
    const a = staffId(pick(plan.staff));
    const b = staffId(pick(plan.staff));
    const appIndex = pick(plan.apps);
    const created = now - pick(3 * YEAR) - 600;
    const doing = random() < plan.doingShare;
    const last = doing ? created + 3 * 3600 : Math.min(now - 1, created + 4 * 3600 + pick(10 * DAY));
    const status = doing ? 'doing' : random() < 0.94 ? 'completed' : 'rejected';
    const state: ProcessState = doing
      ? openState(pid, owner, b, 4, created)
      : {
          ...TEMPLATE,
          processId: pid,
          starterId: owner,
          definitionVersion: version,
          status: status as 'completed',
          currentStepId: null,
          openTasks: [],
          taskSeq: 4,
          othersActed: true,
          startedAt: created,
          updatedAt: last,
        };
    await emit('processes', processRow(owner, appIndex, created, status, state, last, doing ? null : last));
    for (let n = 1; n <= 4; n++) {
      await emit('tasks', task(pid, n, n % 2 === 1 ? a : b, appIndex, created + (n - 1) * 3600, !doing || n < 4));
    }
    await participant(pid, owner, true, !doing, created, last);
    await participant(pid, a, false, !doing, created, last);
    if (b !== a) await participant(pid, b, false, !doing, created, last);
    if (random() < plan.ccShare) {
      await emit('cc_records', {
        id: `${pid}.cc`,
        process_id: pid,
        user_id: staffId(pick(plan.staff)),
        read: random() < 0.7 ? 1 : 0,
        created_at: last,
        read_at: null,
      });
    }
  }
  return { processes: seq };
}

async function emitUsers(plan: SeedPlan, now: number, passwordHash: string, emit: Emit) {
  const user = (account: string, i: number, roles: string, password: string | null): Row => ({
    id: idOf(account),
    account,
    name: `测试用户${i}`,
    name_en: `Bench user ${i}`,
    email: `${account}@bench.edu.cn`,
    department_id: DEPARTMENTS[i % DEPARTMENTS.length]!,
    enterprise_id: ENTERPRISE_ID,
    roles,
    password_hash: password,
    disabled: 0,
    created_at: now - 3 * YEAR,
    updated_at: now - 3 * YEAR,
  });
  // Only the few accounts a browser signs in with get a password (the shared hash of BENCH_PASSWORD).
  for (let i = 0; i < plan.staff; i++)
    await emit('users', user(staffAccount(i), i, 'teacher', i < 5 ? passwordHash : null));
  for (let i = 0; i < plan.users - plan.staff; i++) await emit('users', user(studentAccount(i), i, 'student', null));
  for (let i = 0; i < plan.actors; i++)
    await emit('users', user(actorAccount(i), i, 'teacher', i < 5 ? passwordHash : null));
  await emit('users', user(HEAVY_ACCOUNT, 0, 'teacher', passwordHash));
}
