import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectListRowsInStep } from '../helpers/list-rows-check.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { form, formHeaders, leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);

describe.each(testDialects())('workflow API on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
  });
  // after every change this suite made, the lists' copies of the processes are in step.
  afterAll(async () => {
    try {
      await expectListRowsInStep(t);
    } finally {
      await t?.close();
    }
  });

  const taskOf = async (account: string, processId: string) =>
    (await w.todo(account)).entities.find((x: { process: { id: string } }) => x.process.id === processId);

  it('serves the apply form definition by app code, in the request language', async () => {
    const zh = await w.call('zhangsan', 'GET', '/api/definitions/leave');
    expect(zh.statusCode).toBe(200);
    const def = zh.json().entities[0];
    expect(def).toMatchObject({
      code: 'leave',
      name: '请假申请',
      app: { id: 'app-leave' },
      labels: { reason: '请假事由' },
    });
    expect(def.form.schema.required).toContain('reason');
    expect(def.steps.map((s: { id: string }) => s.id)).toEqual(['counsellor', 'head']);
    expect(def.form.rules).toEqual([expect.objectContaining({ type: 'dateOrder', from: 'startDate', to: 'endDate' })]);
    const en = (
      await w.call('zhangsan', 'GET', '/api/definitions/leave', undefined, { 'accept-language': 'en' })
    ).json();
    expect(en.entities[0]).toMatchObject({ name: 'Leave request', labels: { reason: 'Reason' } });
    expect((await w.call('zhangsan', 'GET', '/api/definitions/course-selection')).statusCode).toBe(404);
  });

  it('answers validation problems per field in the request language', async () => {
    const res = await w.start('zhangsan', 'leave', { leaveType: 'personal' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.ecode).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['startDate', 'reason']),
    );
    expect(body.details.every((d: { message: string }) => !/[\u4e00-\u9fff]/.test(d.message))).toBe(true);
  });

  it('lets the starter withdraw until somebody acts', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    expect(p.canWithdraw).toBe(true);
    const res = await w.call('zhangsan', 'POST', `/api/process/${p.id}`, { action: 'withdraw' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entities[0]).toMatchObject({ status: 'withdrawn', canWithdraw: false, pendingTasks: [] });
    expect(await taskOf('lisi', p.id)).toBeUndefined();

    const q = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    await w.act('lisi', (await taskOf('lisi', q.id)).id, 'approve');
    const late = await w.call('zhangsan', 'POST', `/api/process/${q.id}`, { action: 'withdraw' });
    expect(late.statusCode).toBe(409);
  });

  it('sends a request back to the previous step', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    await w.act('lisi', (await taskOf('lisi', p.id)).id, 'approve');
    const back = await w.act('wangwu', (await taskOf('wangwu', p.id)).id, 'back', undefined, '请补充材料');
    expect(back.statusCode, back.body).toBe(200);
    const again = await taskOf('lisi', p.id);
    expect(again.name).toBe('辅导员审核');
    const detail = (await w.detail('zhangsan', p.id)).json().entities[0];
    expect(detail.tasks.map((x: { status: string }) => x.status)).toEqual(['done', 'done', 'todo']);
    expect(detail.tasks[1]).toMatchObject({ actionName: '退回', remark: '请补充材料', actionUser: { name: '王五' } });
  });

  it('shows the detail to the app admin, the system admin and the assignee, with the caller’s own task', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const asLisi = (await w.detail('lisi', p.id)).json().entities[0];
    expect(asLisi.myTask.actions.map((a: { id: string }) => a.id)).toEqual(['approve', 'reject']);
    expect((await w.detail('wangwu', p.id)).statusCode).toBe(200); // administers the leave app
    expect((await w.detail('admin', p.id)).statusCode).toBe(200);
    expect((await w.detail('zhaoliu', p.id)).statusCode).toBe(404);
    const en = (await w.call('zhangsan', 'GET', `/api/process/${p.id}`, undefined, { 'accept-language': 'en' })).json();
    expect(en.entities[0]).toMatchObject({
      name: 'Leave Request',
      pendingTasks: [{ name: 'Counsellor review' }],
      myTask: null,
    });
  });

  it('filters the to-do list by keyword and pages it in SQL', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const byEntry = (await w.todo('lisi', `?keyword=${p.entry}`)).entities;
    expect(byEntry.map((x: { process: { id: string } }) => x.process.id)).toEqual([p.id]);
    const all = await w.todo('lisi');
    const page = await w.todo('lisi', '?limit=1&start=1');
    expect(page.total).toBe(all.total);
    expect(page.entities).toHaveLength(1);
    expect(page.entities[0].id).toBe(all.entities[1].id);
  });

  it('shows a delegate only the delegated apps of the delegator', async () => {
    await w.call('zhaoliu', 'POST', '/api/user/zhaoliu/entrustees', {
      appId: 'app-reimburse',
      entrusteeId: 'qianqi',
      from: NOW - 60,
      to: NOW + 3600,
    });
    const view = (await w.call('qianqi', 'GET', '/api/me/tasks/todo?userId=zhaoliu')).json();
    expect(view.total).toBeGreaterThan(0);
    expect(view.entities.every((x: { process: { app: { id: string } } }) => x.process.app.id === 'app-reimburse')).toBe(
      true,
    );
  });

  it('needs the edit scopes to change anything', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = await taskOf('lisi', p.id);
    const readOnly = { authorization: `Bearer ${await t.tokenFor('lisi', { scope: 'openid task process' })}` };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/task/${task.id}`,
      headers: { ...readOnly, ...formHeaders },
      payload: form({ actionId: 'approve' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().ecode).toBe('ACCESS_TOKEN_SCOPE_INVALID');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/me/tasks/todo' });
    expect(anonymous.statusCode).toBe(401);
  });
});
