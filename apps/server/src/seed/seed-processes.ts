import { SCOPES } from '@service-hall/contracts';

import type { AuthUser } from '../auth/auth-user.ts';
import { literalLimit } from '../db/literal-limit.ts';
import { actOnProcess } from '../modules/processes/act-on-process.ts';
import { startProcess } from '../modules/processes/start-process.ts';
import { actOnTask } from '../modules/tasks/act-on-task.ts';
import { TODO } from '../modules/tasks/open-status.ts';
import type { AppContext } from '../platform/context.ts';
import { userId } from './demo-people.ts';

const DAY = 86_400;

type Step = [account: string, actionId: string, daysAgo: number, remark?: string];
interface Scenario {
  by: string;
  code: string;
  /** Form data, or a function of the submission time (seconds) for data whose dates follow it. */
  data: Record<string, unknown> | ((submitted: number) => Record<string, unknown>);
  daysAgo: number;
  steps?: Step[];
  after?: Array<{
    by: string;
    action: 'rate' | 'read' | 'withdraw';
    rating?: number;
    remark?: string;
    daysAgo: number;
  }>;
}

/** Calendar date (Beijing time) of a time in seconds, `days` later. */
const dateAfter = (seconds: number, days: number) =>
  new Date((seconds + days * DAY + 8 * 3600) * 1000).toISOString().slice(0, 10);

// A leave starts the day after it was asked for and lasts `days` calendar days (1–2 December is 2 days): the
// leave form refuses more days than its dates hold.
const leave =
  (reason: string, days = 1) =>
  (submitted: number) => ({
    leaveType: 'personal',
    startDate: dateAfter(submitted, 1),
    endDate: dateAfter(submitted, days),
    days,
    reason,
    contactPhone: '13800000000',
  });
const cert = { purpose: 'visa', language: 'both', copies: 2 };
const reimburse = (amount: number) => ({
  amount,
  category: 'travel',
  invoiceCount: 3,
  description: '参加学术会议差旅费',
});
const repair = {
  building: '西区 5 号楼',
  room: '512',
  category: 'plumbing',
  description: '卫生间水龙头漏水',
  contactPhone: '13900000000',
};
const visitor = (host: string) => (submitted: number) => ({
  visitorName: '陈先生',
  visitorPhone: '13700000000',
  visitDate: dateAfter(submitted, 3),
  visitors: 2,
  host,
  purpose: '合作洽谈',
});
const overtime = (submitted: number) => ({
  date: dateAfter(submitted, -1),
  startTime: '18:00',
  endTime: '21:00',
  hours: 3,
  compensation: 'time-off',
  reason: '期末结算',
});

/** Every state the lists can show, spread over this year and last year. `lastYear` is days back to mid last year. */
function scenarios(lastYear: number): Scenario[] {
  return [
    // Waiting for lisi (counsellor) and for wangwu (head).
    { by: 'zhangsan', code: 'leave', data: leave('感冒发烧，需要就医'), daysAgo: 1 },
    { by: 'liuxiaoming', code: 'leave', data: leave('回家办理身份证', 2), daysAgo: 2 },
    {
      by: 'zhangsan',
      code: 'leave',
      data: leave('参加全国大学生竞赛', 3),
      daysAgo: 4,
      steps: [['lisi', 'approve', 3, '同意，注意安全']],
    },
    // Completed this year and rated; rejected; withdrawn.
    {
      by: 'zhangsan',
      code: 'leave',
      data: leave('家中有事'),
      daysAgo: 30,
      steps: [
        ['lisi', 'approve', 29],
        ['wangwu', 'approve', 28],
      ],
      after: [{ by: 'zhangsan', action: 'rate', rating: 5, remark: '审批很快', daysAgo: 27 }],
    },
    {
      by: 'zhangsan',
      code: 'leave',
      data: leave('外出旅游', 5),
      daysAgo: 45,
      steps: [['lisi', 'reject', 44, '学期中不宜请长假']],
    },
    {
      by: 'zhangsan',
      code: 'leave',
      data: leave('临时有事'),
      daysAgo: 12,
      after: [{ by: 'zhangsan', action: 'withdraw', daysAgo: 12 }],
    },
    // Last year: completed and rejected.
    {
      by: 'zhangsan',
      code: 'leave',
      data: leave('寒假提前离校', 2),
      daysAgo: lastYear,
      steps: [
        ['lisi', 'approve', lastYear - 1],
        ['wangwu', 'approve', lastYear - 1],
      ],
    },
    {
      by: 'zhangsan',
      code: 'reimburse',
      data: reimburse(320),
      daysAgo: lastYear + 20,
      steps: [['wangwu', 'reject', lastYear + 19, '发票不全']],
    },
    // Certificates: one waiting for sunba, two issued (copied to wangwu: one read, one unread).
    { by: 'zhangsan', code: 'enrolment-certificate', data: cert, daysAgo: 0 },
    {
      by: 'zhangsan',
      code: 'enrolment-certificate',
      data: cert,
      daysAgo: 8,
      steps: [['sunba', 'approve', 7]],
      after: [{ by: 'zhangsan', action: 'rate', rating: 4, daysAgo: 6 }],
    },
    {
      by: 'liuxiaoming',
      code: 'enrolment-certificate',
      data: cert,
      daysAgo: 20,
      steps: [['sunba', 'approve', 19]],
      after: [{ by: 'wangwu', action: 'read', daysAgo: 18 }],
    },
    // Reimbursement waiting for zhaoliu (finance) after wangwu approved; a large one waiting for qianqi.
    { by: 'lisi', code: 'reimburse', data: reimburse(1280), daysAgo: 3, steps: [['wangwu', 'approve', 2]] },
    {
      by: 'lisi',
      code: 'reimburse',
      data: reimburse(26000),
      daysAgo: 6,
      steps: [
        ['wangwu', 'approve', 5],
        ['zhaoliu', 'approve', 4],
      ],
    },
    // Visitors waiting for admin and for lisi; a repair waiting for logistics; overtime at HR.
    { by: 'zhangsan', code: 'visitor', data: visitor('admin'), daysAgo: 1 },
    { by: 'liuxiaoming', code: 'visitor', data: visitor('lisi'), daysAgo: 0 },
    { by: 'zhangsan', code: 'dorm-repair', data: repair, daysAgo: 2 },
    { by: 'zhaoliu', code: 'overtime', data: overtime, daysAgo: 7, steps: [['qianqi', 'approve', 6]] },
  ];
}

async function authUser(ctx: AppContext, account: string): Promise<AuthUser> {
  const u = await ctx.db
    .selectFrom('users')
    .select(['id', 'account', 'name', 'email', 'roles'])
    .where('id', '=', userId(account))
    .executeTakeFirstOrThrow();
  return { ...u, roles: u.roles.split(',').filter(Boolean), scopes: new Set(SCOPES) };
}

/**
 * Demo processes in every state, made by driving the real services with backdated clocks so rows, events and
 * counters are exactly what real use produces. Skipped when any process exists (idempotent).
 */
export async function seedProcesses(ctx: AppContext): Promise<void> {
  if (await ctx.db.selectFrom('processes').select('id').limit(literalLimit(1)).executeTakeFirst()) return;
  const now = ctx.now();
  const year = new Date(now * 1000).getUTCFullYear();
  const lastYear = Math.max(1, Math.floor((now - Date.UTC(year - 1, 5, 20) / 1000) / DAY));
  const at = (daysAgo: number, minute: number) => now - daysAgo * DAY + minute * 60 - 8 * 3600;
  let minute = 0;
  for (const s of scenarios(lastYear)) {
    const app = await ctx.db.selectFrom('apps').select('id').where('definition_code', '=', s.code).executeTakeFirst();
    if (!app) continue; // catalogue without this built-in app
    minute += 7;
    const submitted = at(s.daysAgo, minute);
    const data = typeof s.data === 'function' ? s.data(submitted) : s.data;
    const p = await startProcess(ctx, await authUser(ctx, s.by), {
      code: s.code,
      data: JSON.stringify(data),
      now: submitted,
      locale: 'zh',
      unlimited: true,
    });
    for (const [account, actionId, daysAgo, remark] of s.steps ?? []) {
      const task = await ctx.db
        .selectFrom('tasks')
        .select('id')
        .where('process_id', '=', p.id)
        .where('assignee_id', '=', userId(account))
        .where('status', '=', TODO)
        .executeTakeFirstOrThrow();
      await actOnTask(ctx, await authUser(ctx, account), {
        taskId: task.id,
        actionId,
        remark: remark ?? '',
        now: at(daysAgo, minute + 90),
        locale: 'zh',
      });
    }
    for (const a of s.after ?? []) {
      const body =
        a.action === 'rate'
          ? { action: 'rate' as const, rating: a.rating ?? 5, remark: a.remark ?? '' }
          : { action: a.action };
      await actOnProcess(ctx, await authUser(ctx, a.by), {
        processId: p.id,
        body,
        now: at(a.daysAgo, minute + 180),
        locale: 'zh',
      });
    }
  }
  // A delegation received by zhaoliu (reimbursements next month) for the entrust page, outside any test window.
  await ctx.db
    .insertInto('delegations')
    .values({
      id: 'd-demo-qianqi-zhaoliu',
      from_user_id: userId('qianqi'),
      to_user_id: userId('zhaoliu'),
      app_id: 'app-reimburse',
      start_at: now + 30 * DAY,
      end_at: now + 37 * DAY,
      created_at: now,
      deleted_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
