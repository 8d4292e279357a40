import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { countRows, leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);
const TABLES = ['processes', 'tasks', 'events', 'cc_records', 'delegations', 'ratings'] as const;

describe.each(testDialects())('bad input on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  let processId: string;
  let taskId: string;
  let delegationId: string;

  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    processId = p.id;
    taskId = (await w.todo('lisi')).entities[0].id;
    const d = await w.call('lisi', 'POST', '/api/user/u-lisi/entrustees', {
      entrusteeId: 'zhaoliu',
      from: NOW,
      to: NOW + 86400,
    });
    delegationId = d.json().entities[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const snapshot = async () =>
    Object.fromEntries(await Promise.all(TABLES.map(async (n) => [n, await countRows(t, n)])));

  /** Runs a bad request and checks it is refused with an ecode and changes nothing. */
  const refused = async (status: number, ecode: string, run: () => Promise<{ statusCode: number; body: string }>) => {
    const before = await snapshot();
    const res = await run();
    expect(res.statusCode, res.body).toBe(status);
    expect(JSON.parse(res.body)).toMatchObject({ ecode, entities: [] });
    expect(JSON.parse(res.body).errno).not.toBe(0);
    expect(await snapshot()).toEqual(before);
    return JSON.parse(res.body);
  };

  it('refuses malformed list queries', async () => {
    // An unknown parameter (`foo=1`) is ignored, not refused: see contracts.test.ts.
    for (const q of [
      'limit=abc',
      'start=-1',
      'limit=10000',
      'limit=1&limit=2',
      'order=sideways',
      `keyword=${'x'.repeat(10_000)}`,
    ]) {
      await refused(400, 'VALIDATION_FAILED', () => w.call('zhangsan', 'GET', `/api/me/processes/doing?${q}`));
    }
    await refused(400, 'VALIDATION_FAILED', () => w.call('zhangsan', 'GET', '/api/me/tasks/todo?entrust=yes'));
    await refused(400, 'VALIDATION_FAILED', () => w.call('zhangsan', 'GET', '/api/me/processes/done?timestamps=5,1'));
    await refused(400, 'VALIDATION_FAILED', () => w.call('zhangsan', 'GET', '/api/me/processes/cc?unread=yes'));
  });

  it('refuses bad starts', async () => {
    await refused(404, 'NOT_FOUND', () => w.start('zhangsan', 'no-such-app', leaveData));
    const body = await refused(400, 'VALIDATION_FAILED', () =>
      w.start('zhangsan', 'leave', { ...leaveData, days: 'two' }),
    );
    expect(body.details.map((d: { field: string }) => d.field)).toContain('days');
    await refused(400, 'VALIDATION_FAILED', () =>
      w.call('zhangsan', 'PUT', '/api/process', { code: 'leave', data: '{not json' }),
    );
    await refused(400, 'VALIDATION_FAILED', () =>
      w.call('zhangsan', 'PUT', '/api/process', { code: 'leave', data: '{}', extra: 1 }),
    );
    await refused(400, 'VALIDATION_FAILED', () =>
      w.start('zhangsan', 'leave', { ...leaveData, endDate: '2026-11-01' }),
    );
  });

  it('refuses bad task actions', async () => {
    await refused(404, 'NOT_FOUND', () => w.act('lisi', 'nope.1', 'approve'));
    await refused(400, 'VALIDATION_FAILED', () => w.act('lisi', taskId, 'launch-rocket'));
    await refused(400, 'VALIDATION_FAILED', () => w.call('lisi', 'POST', `/api/task/${taskId}`, {}));
    // Somebody unrelated learns nothing; the starter, who can see the process, is told they may not act.
    await refused(404, 'NOT_FOUND', () => w.act('liuxiaoming', taskId, 'approve'));
    await refused(403, 'FORBIDDEN', () => w.act('zhangsan', taskId, 'approve'));
    await refused(400, 'VALIDATION_FAILED', () =>
      w.act('lisi', taskId, 'approve', { 'idempotency-key': 'k'.repeat(101) }),
    );
  });

  it('refuses bad process actions', async () => {
    await refused(404, 'NOT_FOUND', () => w.detail('liuxiaoming', processId));
    await refused(404, 'NOT_FOUND', () => w.detail('zhangsan', 'does-not-exist'));
    await refused(400, 'VALIDATION_FAILED', () =>
      w.call('zhangsan', 'POST', `/api/process/${processId}`, { action: 'rate', rating: 6 }),
    );
    await refused(400, 'VALIDATION_FAILED', () =>
      w.call('zhangsan', 'POST', `/api/process/${processId}`, { action: 'rate', rating: 'five' }),
    );
    await refused(400, 'VALIDATION_FAILED', () =>
      w.call('zhangsan', 'POST', `/api/process/${processId}`, { action: 'explode' }),
    );
    // Running processes cannot be rated; only copied users mark read; only the starter withdraws.
    await refused(409, 'CONFLICT', () =>
      w.call('zhangsan', 'POST', `/api/process/${processId}`, { action: 'rate', rating: 5 }),
    );
    await refused(403, 'FORBIDDEN', () => w.call('zhangsan', 'POST', `/api/process/${processId}`, { action: 'read' }));
    await refused(403, 'FORBIDDEN', () => w.call('lisi', 'POST', `/api/process/${processId}`, { action: 'withdraw' }));
    await refused(404, 'NOT_FOUND', () =>
      w.call('liuxiaoming', 'POST', `/api/process/${processId}`, { action: 'withdraw' }),
    );
  });

  it('refuses bad delegations and other people’s delegations', async () => {
    await refused(403, 'FORBIDDEN', () => w.call('zhaoliu', 'GET', '/api/user/lisi/entrustees'));
    await refused(403, 'FORBIDDEN', () => w.call('zhaoliu', 'DELETE', `/api/user/lisi/entrustees/${delegationId}`));
    await refused(404, 'NOT_FOUND', () => w.call('zhaoliu', 'DELETE', `/api/user/zhaoliu/entrustees/${delegationId}`));
    await refused(400, 'VALIDATION_FAILED', () =>
      w.call('lisi', 'POST', '/api/user/lisi/entrustees', { entrusteeId: 'lisi', from: NOW, to: NOW + 10 }),
    );
    await refused(400, 'VALIDATION_FAILED', () =>
      w.call('lisi', 'POST', '/api/user/lisi/entrustees', { entrusteeId: 'wangwu', from: NOW + 10, to: NOW }),
    );
    await refused(400, 'VALIDATION_FAILED', () =>
      w.call('lisi', 'POST', '/api/user/lisi/entrustees', { entrusteeId: 'ghost', from: NOW, to: NOW + 10 }),
    );
    await refused(400, 'VALIDATION_FAILED', () =>
      w.call('lisi', 'POST', '/api/user/lisi/entrustees', { entrusteeId: 'wangwu', from: 'soon', to: NOW + 10 }),
    );
    // lisi's all-apps delegation to zhaoliu overlaps any app in the same window.
    await refused(409, 'CONFLICT', () =>
      w.call('lisi', 'POST', '/api/user/lisi/entrustees', {
        appId: 'app-leave',
        entrusteeId: 'wangwu',
        from: NOW + 60,
        to: NOW + 120,
      }),
    );
  });

  it('refuses viewing another user’s lists without a delegation', async () => {
    await refused(403, 'USER_ID_FORBIDDEN', () => w.call('liuxiaoming', 'GET', '/api/me/tasks/todo?userId=u-lisi'));
    await refused(403, 'USER_ID_FORBIDDEN', () => w.call('liuxiaoming', 'GET', '/api/me/processes/done?userId=lisi'));
    const asDelegate = await w.call('zhaoliu', 'GET', '/api/me/tasks/todo?userId=lisi');
    expect(asDelegate.statusCode).toBe(200);
    const asAdmin = await w.call('admin', 'GET', '/api/me/tasks/todo?userId=u-lisi');
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().total).toBeGreaterThanOrEqual(1);
  });
});
