import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PushEvent } from '@service-hall/contracts';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);
const WEEK = 7 * 86400;

describe.each(testDialects())('delegations on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const delegate = (from: string, body: Record<string, string | number>) =>
    w.call(from, 'POST', `/api/user/${from}/entrustees`, body);

  it('lists given and received delegations by id or account', async () => {
    const res = await delegate('wangwu', {
      appId: 'app-leave',
      entrusteeId: 'u-sunba',
      from: NOW - 60,
      to: NOW + WEEK,
    });
    expect(res.statusCode, res.body).toBe(200);
    const given = (await w.call('wangwu', 'GET', '/api/user/u-wangwu/entrustees')).json();
    expect(given.entities).toEqual([
      expect.objectContaining({
        app: { id: 'app-leave', name: '请假申请' },
        entrustee: { id: 'u-sunba', name: '孙八' },
        entruster: { id: 'u-wangwu', name: '王五' },
      }),
    ]);
    const received = (await w.call('sunba', 'GET', '/api/user/sunba/entrusters')).json();
    expect(received.entities.map((d: { id: string }) => d.id)).toEqual([given.entities[0].id]);
    const en = (
      await w.call('sunba', 'GET', '/api/user/sunba/entrusters', undefined, { 'accept-language': 'en' })
    ).json();
    expect(en.entities[0].entruster.name).toBe('Wang Wu');
  });

  it('allows windows for one app that do not overlap, and other apps at the same time', async () => {
    expect(
      (await delegate('wangwu', { appId: 'app-leave', entrusteeId: 'sunba', from: NOW + WEEK, to: NOW + 2 * WEEK }))
        .statusCode,
    ).toBe(200);
    expect(
      (await delegate('wangwu', { appId: 'app-reimburse', entrusteeId: 'sunba', from: NOW, to: NOW + WEEK }))
        .statusCode,
    ).toBe(200);
    const overlap = await delegate('wangwu', {
      appId: 'app-leave',
      entrusteeId: 'zhoujiu',
      from: NOW + 3600,
      to: NOW + 7200,
    });
    expect(overlap.statusCode).toBe(409);
    const allApps = await delegate('wangwu', { entrusteeId: 'zhoujiu', from: NOW + 3600, to: NOW + 7200 });
    expect(allApps.statusCode).toBe(409);
  });

  it('stops working at once when deleted, and only the delegator deletes', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = (await w.todo('lisi')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    const d = (
      await delegate('lisi', { appId: 'app-leave', entrusteeId: 'zhaoliu', from: NOW - 60, to: NOW + WEEK })
    ).json().entities[0];
    expect((await w.todo('zhaoliu', '?entrust=true')).entities.map((x: { id: string }) => x.id)).toContain(task.id);
    expect((await w.detail('zhaoliu', p.id)).statusCode).toBe(200);
    expect((await w.call('zhaoliu', 'DELETE', `/api/user/zhaoliu/entrustees/${d.id}`)).statusCode).toBe(404);
    // The delegate's open to-do is told to refresh, not left stale until a reload.
    const pushed: PushEvent[] = [];
    const off = t.ctx.bus.subscribe('u-zhaoliu', (e) => pushed.push(e));
    expect((await w.call('lisi', 'DELETE', `/api/user/lisi/entrustees/${d.id}`)).statusCode).toBe(200);
    off();
    expect(pushed).toEqual([{ type: 'delegation.changed', processId: '', lists: ['todo'] }]);
    expect((await w.todo('zhaoliu', '?entrust=true')).entities.map((x: { id: string }) => x.id)).not.toContain(task.id);
    expect((await w.act('zhaoliu', task.id, 'approve')).statusCode).toBe(404);
    expect((await w.detail('zhaoliu', p.id)).statusCode).toBe(404);
    expect((await w.call('lisi', 'GET', '/api/user/lisi/entrustees')).json().entities).toHaveLength(0);
  });

  it('does not chain: a delegate cannot pass delegated tasks on', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = (await w.todo('lisi')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    await delegate('lisi', { appId: 'app-leave', entrusteeId: 'zhoujiu', from: NOW - 60, to: NOW + 3600 });
    await delegate('zhoujiu', { entrusteeId: 'hanshisan', from: NOW - 60, to: NOW + 3600 });
    expect((await w.todo('zhoujiu', '?entrust=true')).entities.map((x: { id: string }) => x.id)).toContain(task.id);
    expect((await w.todo('hanshisan', '?entrust=true')).entities.map((x: { id: string }) => x.id)).not.toContain(
      task.id,
    );
    expect((await w.act('hanshisan', task.id, 'approve')).statusCode).toBe(404);
  });

  it('finds people in the directory without private fields', async () => {
    const res = (await w.call('lisi', 'GET', `/api/users?keyword=${encodeURIComponent('赵')}`)).json();
    expect(res.entities).toEqual([{ id: 'u-zhaoliu', account: 'zhaoliu', name: '赵六', department: '财务处' }]);
    const byAccount = (await w.call('lisi', 'GET', '/api/users?keyword=WANG')).json();
    expect(byAccount.entities.map((u: { account: string }) => u.account)).toContain('wangwu');
    expect((await w.call('lisi', 'GET', '/api/users?keyword=')).statusCode).toBe(400);
    expect((await w.call('lisi', 'GET', '/api/users?keyword=_')).json().total).toBe(0);
  });
});
