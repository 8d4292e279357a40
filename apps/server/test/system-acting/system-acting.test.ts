import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { countRows, form, formHeaders, leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

/**
 * A system client acting for people: it starts a process for `userId` and handles a task for its
 * assignee, only for the apps of its own system, and both show as "system X for user Y" in the timeline and the
 * audit log.
 */
describe.each(testDialects())('a system acting for users on %s', (dialect) => {
  let t: TestApp;
  let xg: string;
  let narrow: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { SEED: 'demo' } });
    await registerSystemClient(t, {
      systemId: 'sys-xg2',
      systemName: '学工系统二',
      clientId: 'xg-bot',
      appCodes: ['leave'],
    });
    await registerSystemClient(t, {
      systemId: 'sys-fin2',
      systemName: '财务系统二',
      clientId: 'fin-bot',
      appCodes: ['reimburse'],
    });
    await registerSystemClient(t, { systemId: 'sys-xg2', clientId: 'xg-reader', scopes: 'task process' });
    xg = await systemTokenFor(t, 'xg-bot');
    narrow = await systemTokenFor(t, 'xg-reader', 'task process submit task_edit');
  });
  afterAll(async () => {
    await t.close();
  });

  const asSystem = (
    token: string,
    method: 'PUT' | 'POST',
    url: string,
    body: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...formHeaders, ...headers },
      payload: form(body),
    });
  const startLeave = (token: string, userId?: string, headers?: Record<string, string>) =>
    asSystem(
      token,
      'PUT',
      '/api/process',
      { code: 'leave', data: JSON.stringify(leaveData), ...(userId ? { userId } : {}) },
      headers,
    );
  const auditOf = (targetId: string) =>
    t.ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).orderBy('id').execute();
  const openTaskOf = (processId: string) =>
    t.ctx.db
      .selectFrom('tasks')
      .innerJoin('users', 'users.id', 'tasks.assignee_id')
      .select(['tasks.id', 'users.account', 'tasks.actions'])
      .where('process_id', '=', processId)
      .where('status', '=', 'todo')
      .executeTakeFirstOrThrow();

  it('starts a process for zhangsan: she owns it, it shows the system, and the audit log says "system for user"', async () => {
    const res = await startLeave(xg, 'zhangsan');
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().entities[0];
    expect(detail.owner).toMatchObject({ account: 'zhangsan' });
    expect(detail.startedVia).toEqual({ id: 'sys-xg2', name: '学工系统二' });
    const mine = await workflowClient(t).detail('zhangsan', detail.id);
    expect(mine.json().entities[0].startedVia).toEqual({ id: 'sys-xg2', name: '学工系统二' });
    const audit = await auditOf(detail.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'process.start',
      target_type: 'process',
      actor_id: 'system:sys-xg2',
      actor_account: 'xg-bot',
    });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      system: { id: 'sys-xg2', name: '学工系统二' },
      user: { account: 'zhangsan' },
      app: 'leave',
    });
    // A person starting a process writes no such row.
    const own = await workflowClient(t).start('zhangsan', 'leave', leaveData);
    expect(await auditOf(own.json().entities[0].id)).toEqual([]);
    expect(own.json().entities[0].startedVia).toBeNull();
  });

  it('refuses, writing nothing: no userId, an app of another system, an unknown user, a scope the client lacks', async () => {
    const before = await countRows(t, 'processes');
    const none = await startLeave(xg, undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0].field).toBe('userId');
    const foreign = await asSystem(xg, 'PUT', '/api/process', { code: 'reimburse', data: '{}', userId: 'zhangsan' });
    expect(foreign.statusCode).toBe(403);
    const byOther = await startLeave(await systemTokenFor(t, 'fin-bot'), 'zhangsan');
    expect(byOther.statusCode).toBe(403);
    const unknown = await startLeave(xg, 'nobody-here');
    expect(unknown.statusCode).toBe(404);
    // xg-reader may use only `task process`: its token's `submit` is cut off.
    const noScope = await startLeave(narrow, 'zhangsan');
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json().ecode).toBe('ACCESS_TOKEN_SCOPE_INVALID');
    expect(await countRows(t, 'processes')).toBe(before);
  });

  it('handles a task for its assignee, once, recorded as the system for the assignee in the timeline and the audit log', async () => {
    const started = (await startLeave(xg, 'zhangsan')).json().entities[0];
    const task = await openTaskOf(started.id);
    const actionId = (JSON.parse(task.actions) as Array<{ id: string }>)[0]!.id;
    const act = (userId: string, key?: string) =>
      asSystem(
        xg,
        'POST',
        `/api/task/${task.id}`,
        { actionId, remark: '系统同步', userId },
        key ? { 'idempotency-key': key } : {},
      );

    // Not the assignee, not a user at all, no userId: refused, the task still open.
    expect((await act('wangwu')).statusCode).toBe(403);
    expect((await act('nobody-here')).statusCode).toBe(404);
    expect((await asSystem(xg, 'POST', `/api/task/${task.id}`, { actionId })).statusCode).toBe(400);
    expect(
      (
        await asSystem(await systemTokenFor(t, 'fin-bot'), 'POST', `/api/task/${task.id}`, {
          actionId,
          userId: task.account,
        })
      ).statusCode,
    ).toBe(403);
    expect((await openTaskOf(started.id)).id).toBe(task.id);

    const first = await act(task.account, 'sync-1');
    expect(first.statusCode, first.body).toBe(200);
    const retried = await act(task.account, 'sync-1');
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(first.json());
    const again = await act(task.account);
    expect(again.statusCode).toBe(409);
    expect(again.json().ecode).toBe('TASK_ALREADY_HANDLED');

    const timeline = (await workflowClient(t).detail('zhangsan', started.id)).json().entities[0].tasks as Array<
      Record<string, unknown>
    >;
    const handled = timeline.find((x) => x.id === task.id)!;
    expect(handled).toMatchObject({
      status: 'done',
      actionUser: { name: expect.any(String) },
      onBehalfOf: null,
      remark: '系统同步',
      viaSystem: { id: 'sys-xg2', name: '学工系统二' },
    });
    const row = await t.ctx.db
      .selectFrom('tasks')
      .select(['action_user_id', 'via_system_id'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ action_user_id: `u-${task.account}`, via_system_id: 'sys-xg2' });
    const audit = await auditOf(task.id);
    expect(audit.map((a) => a.action)).toEqual(['task.act']);
    expect(audit[0]).toMatchObject({ actor_id: 'system:sys-xg2', actor_account: 'xg-bot' });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      user: { account: task.account },
      actionId,
      process: started.id,
    });
  });

  it('lets exactly one of two concurrent system calls handle a task', async () => {
    const started = (await startLeave(xg, 'zhangsan')).json().entities[0];
    const task = await openTaskOf(started.id);
    const actionId = (JSON.parse(task.actions) as Array<{ id: string }>)[0]!.id;
    const both = await Promise.all(
      [0, 1].map(() => asSystem(xg, 'POST', `/api/task/${task.id}`, { actionId, userId: task.account })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(task.id)).toHaveLength(1);
  });
});
