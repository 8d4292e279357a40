import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

/**
 * A process an external system pushed runs in that system: the console can neither cancel nor reassign it, and
 * says so with a 409 naming the system instead of failing.
 */
describe.each(testDialects())('the console on pushed processes (%s)', (dialect) => {
  let t: TestApp;
  let finance: string;
  let processId: string;
  let taskId: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    await registerSystemClient(t, { systemId: 'sys-cwxt', clientId: 'finance-client' });
    finance = await systemTokenFor(t, 'finance-client');
    const bearer = { authorization: `Bearer ${finance}` };
    const p = await t.app.inject({
      method: 'PUT',
      url: '/api/integration/processes/BX-9',
      headers: bearer,
      payload: { app: 'invoice', owner: 'zhangsan', name: '发票 BX-9', uri: 'https://finance.example.edu/bx/9' },
    });
    expect(p.statusCode, p.body).toBe(200);
    processId = p.json().entities[0].id;
    const k = await t.app.inject({
      method: 'PUT',
      url: '/api/integration/tasks/BX-9-T1',
      headers: bearer,
      payload: { process: 'BX-9', assignee: 'lisi', name: '财务初审', uri: 'https://finance.example.edu/bx/9/review' },
    });
    expect(k.statusCode, k.body).toBe(200);
    taskId = k.json().entities[0].id;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (
    who: string | { token: string },
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    lang = 'en',
  ) => {
    const auth = typeof who === 'string' ? await t.auth(who) : { authorization: `Bearer ${who.token}` };
    const res = await t.app.inject({
      method,
      url,
      headers: { ...auth, 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
    return {
      status: res.statusCode,
      body: res.json() as { ecode?: string; error?: string; entities?: Array<Record<string, unknown>> },
    };
  };
  const state = async () => ({
    process: (
      await t.ctx.db.selectFrom('processes').select('status').where('id', '=', processId).executeTakeFirstOrThrow()
    ).status,
    task: await t.ctx.db
      .selectFrom('tasks')
      .select(['status', 'assignee_id'])
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow(),
  });

  it('lists a pushed process with the system that runs it, and ours with none', async () => {
    const list = await call('admin', 'GET', '/api/admin/processes?limit=100');
    const pushed = list.body.entities!.find((p) => p.id === processId);
    expect(pushed).toMatchObject({ pushedBy: { id: 'sys-cwxt', name: 'Finance System' } });
    expect(list.body.entities!.filter((p) => p.id !== processId).every((p) => p.pushedBy === null)).toBe(true);
  });

  it('answers cancel and reassign with 409 naming the system, changing nothing', async () => {
    const before = await state();
    const cancel = await call('admin', 'POST', `/api/admin/processes/${processId}/cancel`, { reason: '重复' });
    expect([cancel.status, cancel.body.ecode]).toEqual([409, 'CONFLICT']);
    expect(cancel.body.error).toBe(
      'This process comes from the system "Finance System", which runs it; cancel or reassign it there',
    );
    const zh = await call(
      'admin',
      'POST',
      `/api/admin/tasks/${taskId}/reassign`,
      { toUserId: 'u-zhoujiu', reason: '出差' },
      'zh',
    );
    expect([zh.status, zh.body.ecode]).toEqual([409, 'CONFLICT']);
    expect(zh.body.error).toBe('该办件由业务系统“财务系统”推送，其流转由该系统负责，请在该系统中撤销或转办');
    expect(await state()).toEqual(before);
    expect(before).toEqual({ process: 'doing', task: { status: 'todo', assignee_id: 'u-lisi' } });
  });

  it('refuses members, an administrator of other apps and the system itself with 403', async () => {
    for (const who of ['zhangsan', 'lisi', 'wangwu', { token: finance }]) {
      const cancel = await call(who, 'POST', `/api/admin/processes/${processId}/cancel`, { reason: 'x' });
      const reassign = await call(who, 'POST', `/api/admin/tasks/${taskId}/reassign`, {
        toUserId: 'u-zhoujiu',
        reason: 'x',
      });
      expect([cancel.status, reassign.status], JSON.stringify(who)).toEqual([403, 403]);
    }
    expect((await state()).process).toBe('doing');
  });
});
