import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectListRowsInStep } from '../helpers/list-rows-check.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { countRows, leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

let now = Math.floor(Date.now() / 1000);
const tripData = {
  destination: '上海',
  period: { start: '2026-12-01', end: '2026-12-03' },
  days: 3,
  transport: 'train',
  estimatedCost: 2600,
  purpose: '参加会议',
};
type Task = { id: string; process: { id: string } };
type Detail = {
  id: string;
  status: string;
  tasks: Array<{ id: string; status: string; actionName: string; remark: string; assignee: { id: string } }>;
  myTask: { id: string; returnTo: Array<{ id: string }> } | null;
  canUrge: boolean;
  urges: unknown[];
  diagram: Array<{ id: string; status: string; users: Array<{ name: string }> }>;
};

// 转办, 加签, 退回, 驳回 and 催办 through the API — who may, the refusals with their own ecodes
// (nothing changes), the timeline, the lists and retried requests applying once.
describe.each(testDialects())('approval powers on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  const ids: Record<string, string> = {};
  const post = (account: string, url: string, body?: Record<string, string>, headers: Record<string, string> = {}) =>
    w.call(account, 'POST', url, body, headers);
  const taskOf = async (account: string, processId: string) =>
    ((await w.todo(account)).entities as Task[]).find((x) => x.process.id === processId);
  const detail = async (account: string, id: string, lang = 'zh') =>
    (await w.call(account, 'GET', `/api/process/${id}`, undefined, { 'accept-language': lang })).json()
      .entities[0] as Detail;

  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => now });
    w = workflowClient(t);
    for (const u of await t.ctx.db.selectFrom('users').select(['id', 'account']).execute()) ids[u.account] = u.id;
  });
  // after every change this suite made, the lists' copies of the processes are in step.
  afterAll(async () => {
    try {
      await expectListRowsInStep(t);
    } finally {
      await t?.close();
    }
  });

  it('transfers with a reason: only the holder may; not to oneself, the applicant or a disabled user; once per key', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = (await taskOf('lisi', p.id))!;
    const url = `/api/task/${encodeURIComponent(task.id)}/transfer`;
    const body = { toUserId: ids.zhaoliu!, reason: '本周出差，请赵老师代为审核' };

    expect((await post('liuxiaoming', url, body)).statusCode).toBe(404); // another member: not revealed
    expect((await post('wangwu', url, body)).json().ecode).toBe('FORBIDDEN'); // the app's administrator, not an assignee
    expect((await post('zhangsan', url, body)).json().ecode).toBe('FORBIDDEN'); // the applicant

    const before = await countRows(t, 'tasks');
    const self = await post('lisi', url, { toUserId: ids.lisi!, reason: 'x' }, { 'accept-language': 'en' });
    expect([self.statusCode, self.json().ecode]).toEqual([400, 'TRANSFER_TO_SELF']);
    expect(self.json().error).not.toMatch(/[\u4e00-\u9fff]/);
    expect((await post('lisi', url, { toUserId: ids.zhangsan!, reason: 'x' })).json().ecode).toBe('ALREADY_ASSIGNED');
    const blank = await post('lisi', url, { toUserId: ids.zhaoliu!, reason: '  ' });
    expect([blank.statusCode, blank.json().ecode]).toEqual([400, 'REASON_REQUIRED']);
    expect(blank.json().error).toMatch(/[\u4e00-\u9fff]/);
    await t.ctx.db.updateTable('users').set({ disabled: 1 }).where('id', '=', ids.sunba!).execute();
    expect((await post('lisi', url, { toUserId: ids.sunba!, reason: 'x' })).json().ecode).toBe('USER_NOT_ACTIVE');
    await t.ctx.db.updateTable('users').set({ disabled: 0 }).where('id', '=', ids.sunba!).execute();
    expect((await post('lisi', url, { toUserId: 'nobody', reason: 'x' })).json().ecode).toBe('USER_NOT_ACTIVE');
    expect(await countRows(t, 'tasks')).toBe(before);

    const key = { 'idempotency-key': `transfer-${dialect}` };
    const first = await post('lisi', url, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('lisi', url, body, key);
    expect(again.json()).toEqual(first.json());
    expect(await countRows(t, 'tasks')).toBe(before + 1);
    expect(await taskOf('lisi', p.id)).toBeUndefined();
    expect(await taskOf('zhaoliu', p.id)).toBeDefined();
    const d = await detail('zhangsan', p.id, 'en');
    expect(d.tasks.find((x) => x.id === task.id)).toMatchObject({
      status: 'cancelled',
      actionName: 'Transferred',
      remark: body.reason,
    });
    expect(d.diagram.map((n) => [n.id, n.status])).toEqual([
      ['start', 'done'],
      ['counsellor', 'current'],
      ['head', 'upcoming'],
      ['end', 'upcoming'],
    ]);
    expect(d.diagram[1]!.users.map((u) => u.name)).toEqual(['Zhao Liu']);
    expect(d.diagram[0]!.users.map((u) => u.name)).toEqual(['Zhang San']);
    // The one who transferred keeps it among the processes they took part in.
    const doing = (await w.call('lisi', 'GET', '/api/me/processes/doing')).json().entities as Array<{ id: string }>;
    expect(doing.some((x) => x.id === p.id)).toBe(true);
  });

  it('returns to an earlier step or the applicant with a reason; the applicant resubmits; it finishes', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    expect((await w.act('lisi', (await taskOf('lisi', p.id))!.id, 'approve')).statusCode).toBe(200);
    const head = (await taskOf('wangwu', p.id))!;
    const url = `/api/task/${encodeURIComponent(head.id)}/return`;
    expect((await detail('wangwu', p.id)).myTask!.returnTo.map((x) => x.id)).toEqual(['counsellor', 'resubmit']);
    expect((await post('wangwu', url, { stepId: 'counsellor', reason: '' })).json().ecode).toBe('REASON_REQUIRED');
    expect((await post('wangwu', url, { stepId: 'head', reason: '再看看' })).json().ecode).toBe('NOT_EARLIER_STEP');
    expect((await post('liuxiaoming', url, { stepId: 'counsellor', reason: 'x' })).statusCode).toBe(404);

    expect((await post('wangwu', url, { stepId: 'counsellor', reason: '请辅导员核实天数' })).statusCode).toBe(200);
    const again = (await taskOf('lisi', p.id))!; // the earlier assignee gets the task again
    expect(await taskOf('wangwu', p.id)).toBeUndefined();
    expect((await w.act('lisi', again.id, 'approve')).statusCode).toBe(200);

    const head2 = (await taskOf('wangwu', p.id))!;
    const back = await post('wangwu', `/api/task/${encodeURIComponent(head2.id)}/return`, {
      stepId: 'resubmit',
      reason: '请补充病假证明',
    });
    expect(back.statusCode, back.body).toBe(200);
    const mine = await detail('zhangsan', p.id);
    expect(mine.diagram.find((n) => n.id === 'start')!.status).toBe('current');
    expect(mine.myTask).not.toBeNull();
    const resubmit = (await taskOf('zhangsan', p.id))!;
    expect((await w.act('zhangsan', resubmit.id, 'resubmit')).statusCode).toBe(200);
    expect((await w.act('lisi', (await taskOf('lisi', p.id))!.id, 'approve')).statusCode).toBe(200);
    expect((await w.act('wangwu', (await taskOf('wangwu', p.id))!.id, 'approve')).statusCode).toBe(200);
    const en = await detail('zhangsan', p.id, 'en');
    expect(en.tasks.filter((x) => x.actionName === 'Resubmit')).toHaveLength(1); // not 重新提交 on an English page
    const done = await detail('zhangsan', p.id);
    expect(done.status).toBe('completed');
    expect(done.diagram.every((n) => n.status === 'done')).toBe(true);
    expect(done.tasks.filter((x) => x.actionName === '退回').map((x) => x.remark)).toEqual([
      '请辅导员核实天数',
      '请补充病假证明',
    ]);
  });

  it('finds people to pick by the pinyin initials of their name', async () => {
    const found = (await w.call('lisi', 'GET', '/api/users?keyword=zl')).json().entities as Array<{ account: string }>;
    expect(found.map((u) => u.account)).toContain('zhaoliu'); // 赵六
    const full = (await w.call('lisi', 'GET', '/api/users?keyword=zhaol')).json().entities as Array<{
      account: string;
    }>;
    expect(full.map((u) => u.account)).toEqual(['zhaoliu']);
  });

  it('refuses returning from a countersign step', async () => {
    const p = (await w.start('zhangsan', 'business-trip', tripData)).json().entities[0];
    expect((await w.act('wangwu', (await taskOf('wangwu', p.id))!.id, 'approve')).statusCode).toBe(200);
    const fin = (await taskOf('zhaoliu', p.id))!;
    expect((await detail('zhaoliu', p.id)).myTask!.returnTo).toEqual([]);
    const r = await post('zhaoliu', `/api/task/${encodeURIComponent(fin.id)}/return`, {
      stepId: 'head',
      reason: '预算不清',
    });
    expect([r.statusCode, r.json().ecode]).toEqual([409, 'RETURN_FROM_COUNTERSIGN']);
    expect(await taskOf('zhaoliu', p.id)).toBeDefined();
  });

  it('adds a signer after oneself; refuses one who already signed; the signer moves the step on', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = (await taskOf('lisi', p.id))!;
    const url = `/api/task/${encodeURIComponent(task.id)}/signers`;
    expect((await post('wangwu', url, { signerId: ids.qianqi!, position: 'after' })).json().ecode).toBe('FORBIDDEN');
    expect((await post('lisi', url, { signerId: ids.lisi!, position: 'after' })).json().ecode).toBe('ALREADY_ASSIGNED');
    expect((await post('lisi', url, { signerId: ids.qianqi!, position: 'sideways' })).json().ecode).toBe(
      'VALIDATION_FAILED',
    );
    expect(
      (await post('lisi', url, { signerId: ids.qianqi!, position: 'after', remark: '同意，请钱老师复核' })).statusCode,
    ).toBe(200);
    const signer = (await taskOf('qianqi', p.id))!;
    const refused = await post('qianqi', `/api/task/${encodeURIComponent(signer.id)}/signers`, {
      signerId: ids.lisi!,
      position: 'before',
    });
    expect([refused.statusCode, refused.json().ecode]).toEqual([409, 'ALREADY_SIGNED']);
    expect((await w.act('qianqi', signer.id, 'approve')).statusCode).toBe(200);
    expect(await taskOf('wangwu', p.id)).toBeDefined();
  });

  it('adds a signer before oneself: the task comes back after they sign', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = (await taskOf('lisi', p.id))!;
    expect(
      (
        await post('lisi', `/api/task/${encodeURIComponent(task.id)}/signers`, {
          signerId: ids.zhoujiu!,
          position: 'before',
        })
      ).statusCode,
    ).toBe(200);
    expect(await taskOf('lisi', p.id)).toBeUndefined();
    expect((await w.act('zhoujiu', (await taskOf('zhoujiu', p.id))!.id, 'approve')).statusCode).toBe(200);
    expect(await taskOf('lisi', p.id)).toBeDefined();
  });

  it('rejects only with a reason', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const url = `/api/task/${encodeURIComponent((await taskOf('lisi', p.id))!.id)}/reject`;
    expect((await post('zhangsan', url, { reason: 'x' })).json().ecode).toBe('FORBIDDEN');
    expect((await post('lisi', url, { reason: ' ' })).json().ecode).toBe('REASON_REQUIRED');
    expect((await post('lisi', url, { reason: '日期有误' })).statusCode).toBe(200);
    expect((await detail('zhangsan', p.id)).status).toBe('rejected');
  });

  it('urges: the applicant only, once an hour, a notification to each current assignee', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const url = `/api/process/${p.id}/urge`;
    expect((await detail('zhangsan', p.id)).canUrge).toBe(true);
    expect((await post('lisi', url)).json().ecode).toBe('FORBIDDEN'); // the assignee
    expect((await post('wangwu', url)).json().ecode).toBe('FORBIDDEN'); // the app's administrator
    expect((await post('liuxiaoming', url)).statusCode).toBe(404); // another member
    const first = await post('zhangsan', url, undefined, { 'idempotency-key': `urge-${dialect}` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().entities[0]).toMatchObject({ canUrge: false, urges: [{ user: { id: ids.zhangsan } }] });
    const infos = (await w.call('lisi', 'GET', '/api/me/notifications?limit=50')).json().entities as Array<{
      type: string;
      process: { id: string };
    }>;
    expect(infos.filter((n) => n.type === 'process.urged' && n.process.id === p.id)).toHaveLength(1);
    const events = await countRows(t, 'events');
    const soon = await post('zhangsan', url, undefined, { 'accept-language': 'en' });
    expect([soon.statusCode, soon.json().ecode]).toEqual([429, 'URGED_RECENTLY']);
    expect(soon.json().error).toMatch(/once an hour.*after \d\d:\d\d/);
    expect(await countRows(t, 'events')).toBe(events);
    now += 3600;
    expect((await post('zhangsan', url)).statusCode).toBe(200);
    now -= 3600;
  });
});
