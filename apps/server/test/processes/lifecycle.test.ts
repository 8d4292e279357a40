import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { countRows, leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);

describe.each(testDialects())('workflow lifecycle on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const startLeave = async () => {
    const res = await w.start('zhangsan', 'leave', leaveData);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entities[0];
  };

  it('runs a leave request from start to rating', async () => {
    const p = await startLeave();
    expect(p).toMatchObject({ status: 'doing', name: '请假申请', owner: { account: 'zhangsan' } });
    expect(p.entry).toMatch(/^\d{8}-\d{6}$/);

    const lisiTodo = await w.todo('lisi');
    const task = lisiTodo.entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    expect(task).toMatchObject({ name: '辅导员审核', process: { entry: p.entry, owner: { name: '张三' } } });
    expect(task.actions.map((a: { id: string }) => a.id)).toContain('approve');
    expect(lisiTodo.total).toBeGreaterThanOrEqual(1);

    const doing = (await w.call('zhangsan', 'GET', '/api/me/processes/doing')).json();
    expect(doing.entities.map((x: { id: string }) => x.id)).toContain(p.id);

    const afterLisi = await w.act('lisi', task.id, 'approve');
    expect(afterLisi.statusCode, afterLisi.body).toBe(200);
    const wangwuTask = (await w.todo('wangwu')).entities.find(
      (x: { process: { id: string } }) => x.process.id === p.id,
    );
    expect(wangwuTask.name).toBe('院系负责人审批');
    const done = await w.act('wangwu', wangwuTask.id, 'approve');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().entities[0].status).toBe('completed');

    const doneList = (await w.call('zhangsan', 'GET', '/api/me/processes/done')).json();
    expect(doneList.entities.find((x: { id: string }) => x.id === p.id)).toMatchObject({ status: 'completed' });

    const before = await t.ctx.db
      .selectFrom('apps')
      .select(['rating_sum', 'rated', 'completed'])
      .where('id', '=', 'app-leave')
      .executeTakeFirstOrThrow();
    const rated = await w.call('zhangsan', 'POST', `/api/process/${p.id}`, {
      action: 'rate',
      rating: 4,
      remark: '很快',
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().entities[0]).toMatchObject({ rating: 4, review: '很快', canRate: false });
    const after = await t.ctx.db
      .selectFrom('apps')
      .select(['rating_sum', 'rated', 'completed'])
      .where('id', '=', 'app-leave')
      .executeTakeFirstOrThrow();
    expect(Number(after.rating_sum)).toBe(Number(before.rating_sum) + 4);
    expect(Number(after.rated)).toBe(Number(before.rated) + 1);
    const again = await w.call('zhangsan', 'POST', `/api/process/${p.id}`, { action: 'rate', rating: 5 });
    expect(again.statusCode).toBe(409);
  });

  it('lets a copied user mark the copy read', async () => {
    const res = await w.start('zhangsan', 'enrolment-certificate', { purpose: 'visa', language: 'en', copies: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().entities[0];
    const task = (await w.todo('sunba')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    expect((await w.act('sunba', task.id, 'approve')).statusCode).toBe(200);
    const cc = (await w.call('wangwu', 'GET', '/api/me/processes/cc?unread=true')).json();
    expect(cc.entities.find((x: { id: string }) => x.id === p.id)).toMatchObject({ read: false });
    const read = await w.call('wangwu', 'POST', `/api/process/${p.id}`, { action: 'read' });
    expect(read.statusCode, read.body).toBe(200);
    expect((await w.call('wangwu', 'POST', `/api/process/${p.id}`, { action: 'read' })).statusCode).toBe(200);
    const unread = (await w.call('wangwu', 'GET', '/api/me/processes/cc?unread=true')).json();
    expect(unread.entities.map((x: { id: string }) => x.id)).not.toContain(p.id);
    const all = (await w.call('wangwu', 'GET', '/api/me/processes/cc')).json();
    expect(all.entities.find((x: { id: string }) => x.id === p.id)).toMatchObject({ read: true });
  });

  it('lets a delegate act on behalf of the assignee', async () => {
    const created = await w.call('lisi', 'POST', '/api/user/lisi/entrustees', {
      appId: 'app-leave',
      entrusteeId: 'zhaoliu',
      from: NOW - 3600,
      to: NOW + 7 * 86400,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().entities[0]).toMatchObject({ app: { id: 'app-leave' }, entrustee: { id: 'u-zhaoliu' } });
    const p = await startLeave();
    const withoutEntrust = await w.todo('zhaoliu');
    expect(withoutEntrust.entities.map((x: { process: { id: string } }) => x.process.id)).not.toContain(p.id);
    const entrusted = await w.todo('zhaoliu', '?entrust=true');
    const task = entrusted.entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    expect(task.entruster).toMatchObject({ id: 'u-lisi', name: '李四' });
    const res = await w.act('zhaoliu', task.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await w.detail('zhangsan', p.id)).json().entities[0];
    expect(detail.tasks[0]).toMatchObject({
      actionUser: { id: 'u-zhaoliu', name: '赵六' },
      onBehalfOf: { id: 'u-lisi', name: '李四' },
      status: 'done',
    });
  });

  it('lets exactly one of two concurrent actions win', async () => {
    const p = await startLeave();
    const task = (await w.todo('lisi')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    const [a, b] = await Promise.all([
      w.act('lisi', task.id, 'approve'),
      w.act('zhaoliu', task.id, 'reject', undefined, 'no'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().ecode).toBe('TASK_ALREADY_HANDLED');
    const tasks = await t.ctx.db.selectFrom('tasks').select(['status']).where('process_id', '=', p.id).execute();
    expect(tasks.filter((x) => x.status === 'done')).toHaveLength(1);
    expect(tasks.filter((x) => x.status === 'todo')).toHaveLength(a.statusCode === 200 ? 1 : 0);
  });

  it('replays an idempotent retry without acting twice', async () => {
    const p = await startLeave();
    const task = (await w.todo('lisi')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    const key = { 'idempotency-key': `retry-${p.id}` };
    const eventsBefore = await countRows(t, 'events');
    const first = await w.act('lisi', task.id, 'approve', key);
    const second = await w.act('lisi', task.id, 'approve', key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const completed = await t.ctx.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'task.completed')
      .where('task_id', '=', task.id)
      .execute();
    expect(completed).toHaveLength(1);
    const afterFirst = await countRows(t, 'events');
    const third = await w.act('lisi', task.id, 'approve', key);
    expect(await countRows(t, 'events')).toBe(afterFirst);
    expect(third.json()).toEqual(first.json());
    expect(afterFirst).toBeGreaterThan(eventsBefore);
    const reused = await w.act('lisi', task.id, 'reject', key, 'no');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().ecode).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
