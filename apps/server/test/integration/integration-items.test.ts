import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PushEvent } from '@service-hall/contracts';

import { expectListRowsInStep } from '../helpers/list-rows-check.ts';
import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { countRows, workflowClient } from '../helpers/workflow-helpers.ts';

// an external system pushes processes, tasks and copies; they show in the right users' lists.
describe.each(testDialects())('integration API: external items (%s)', (dialect) => {
  let t: TestApp;
  let finance: string;
  let academic: string;
  const put = (token: string, url: string, payload: unknown, method: 'PUT' | 'POST' = 'PUT') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
  const proc = (over: Record<string, unknown> = {}) => ({
    app: 'invoice',
    owner: 'zhangsan',
    name: '报销单 BX-1',
    uri: 'https://finance.example.edu/bx/1',
    ...over,
  });
  const task = (over: Record<string, unknown> = {}) => ({
    process: 'BX-1',
    assignee: 'lisi',
    name: '财务初审',
    uri: 'https://finance.example.edu/bx/1/review',
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    await registerSystemClient(t, { systemId: 'sys-cwxt', clientId: 'finance-client' });
    await registerSystemClient(t, { systemId: 'sys-jwxt', clientId: 'academic-client' });
    finance = await systemTokenFor(t, 'finance-client');
    academic = await systemTokenFor(t, 'academic-client');
  });
  // after every change this suite made, the lists' copies of the processes are in step.
  afterAll(async () => {
    try {
      await expectListRowsInStep(t);
    } finally {
      await t?.close();
    }
  });

  it('a pushed process and task show in the to-do of the assignee, with the system, app code and absolute link', async () => {
    const before = (await workflowClient(t).todo('lisi')).total as number;
    const events: PushEvent[] = [];
    const lisi = (
      await t.ctx.db.selectFrom('users').select('id').where('account', '=', 'lisi').executeTakeFirstOrThrow()
    ).id;
    const off = t.ctx.bus.subscribe(lisi, (e) => events.push(e));
    const p = await put(finance, '/api/integration/processes/BX-1', proc());
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json().entities[0]).toMatchObject({
      externalId: 'BX-1',
      status: 'doing',
      uri: 'https://finance.example.edu/bx/1',
    });
    const r = await put(finance, '/api/integration/tasks/BX-1-T1', task());
    expect(r.statusCode, r.body).toBe(200);
    off();
    expect(events.some((e) => e.lists.includes('todo'))).toBe(true);

    const todo = await workflowClient(t).todo('lisi');
    expect(todo.total).toBe(before + 1);
    const row = todo.entities.find((x: { id: string }) => x.id === r.json().entities[0].id);
    expect(row).toMatchObject({ name: '财务初审', uri: 'https://finance.example.edu/bx/1/review', actions: [] });
    expect(row.process).toMatchObject({
      name: '报销单 BX-1',
      uri: 'https://finance.example.edu/bx/1',
      system: { name: '财务系统' },
    });
    // Search finds it by the process name, like every other to-do row.
    const found = await workflowClient(t).todo('lisi', '?keyword=BX-1');
    expect(found.entities.map((x: { id: string }) => x.id)).toContain(row.id);
    // The applicant sees it among their running processes.
    const doing = await workflowClient(t).call('zhangsan', 'GET', '/api/me/processes/doing?keyword=BX-1');
    expect(doing.json().entities[0]).toMatchObject({
      name: '报销单 BX-1',
      status: 'doing',
      system: { name: '财务系统' },
    });
  });

  it('is idempotent: the same PUT again changes nothing, an update changes the row in place', async () => {
    const rows = [await countRows(t, 'processes'), await countRows(t, 'tasks'), await countRows(t, 'events')];
    expect((await put(finance, '/api/integration/processes/BX-1', proc())).statusCode).toBe(200);
    expect((await put(finance, '/api/integration/tasks/BX-1-T1', task())).statusCode).toBe(200);
    expect([await countRows(t, 'processes'), await countRows(t, 'tasks'), await countRows(t, 'events')]).toEqual(rows);
    const renamed = await put(finance, '/api/integration/tasks/BX-1-T1', task({ name: '财务复审' }));
    expect(renamed.statusCode).toBe(200);
    const todo = await workflowClient(t).todo('lisi', '?keyword=BX-1');
    expect(todo.entities.map((x: { name: string }) => x.name)).toEqual(['财务复审']);
  });

  it('cc records show in the copied-to-me list, once', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await put(finance, '/api/integration/processes/BX-1/cc', { users: ['wangwu'] });
      expect(r.statusCode, r.body).toBe(200);
    }
    const cc = await workflowClient(t).call('wangwu', 'GET', '/api/me/processes/cc?keyword=BX-1');
    expect(cc.json().total).toBe(1);
    expect(cc.json().entities[0]).toMatchObject({
      name: '报销单 BX-1',
      read: false,
      uri: 'https://finance.example.edu/bx/1',
    });
  });

  it('a task finished by the system leaves the to-do; the closed process is in the done lists', async () => {
    const done = await put(finance, '/api/integration/tasks/BX-1-T1', task({ status: 'done', actionName: '同意' }));
    expect(done.statusCode, done.body).toBe(200);
    expect((await workflowClient(t).todo('lisi', '?keyword=BX-1')).total).toBe(0);
    const closed = await put(finance, '/api/integration/processes/BX-1/close', { status: 'completed' }, 'POST');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().entities[0].status).toBe('completed');
    for (const account of ['lisi', 'zhangsan']) {
      const list = await workflowClient(t).call(account, 'GET', '/api/me/processes/done?keyword=BX-1');
      expect(
        list.json().entities.map((x: { status: string }) => x.status),
        account,
      ).toEqual(['completed']);
    }
    // Closing again the same way is a no-op; another result is refused.
    expect(
      (await put(finance, '/api/integration/processes/BX-1/close', { status: 'completed' }, 'POST')).statusCode,
    ).toBe(200);
    const other = await put(finance, '/api/integration/processes/BX-1/close', { status: 'rejected' }, 'POST');
    expect(other.statusCode).toBe(409);
    expect(other.json().ecode).toBe('CONFLICT');
    const reopen = await put(finance, '/api/integration/tasks/BX-1-T1', task());
    expect(reopen.statusCode).toBe(409);
  });

  it('cancelling a process takes its open tasks out of the to-do list', async () => {
    await put(finance, '/api/integration/processes/BX-2', proc({ name: '报销单 BX-2' }));
    await put(finance, '/api/integration/tasks/BX-2-T1', task({ process: 'BX-2' }));
    expect((await workflowClient(t).todo('lisi', '?keyword=BX-2')).total).toBe(1);
    const r = await put(finance, '/api/integration/processes/BX-2/close', { status: 'withdrawn' }, 'POST');
    expect(r.statusCode).toBe(200);
    expect((await workflowClient(t).todo('lisi', '?keyword=BX-2')).total).toBe(0);
  });

  it("one system can never touch another system's items or apps", async () => {
    // The same external id from another system is another item, in that system's own namespace…
    const foreignTask = await put(academic, '/api/integration/tasks/BX-1-T1', task());
    expect(foreignTask.statusCode).toBe(404);
    const foreignClose = await put(academic, '/api/integration/processes/BX-2/close', { status: 'completed' }, 'POST');
    expect(foreignClose.statusCode).toBe(404);
    // …and it cannot use the finance system's app.
    const app = await put(academic, '/api/integration/processes/BX-1', proc());
    expect(app.statusCode).toBe(403);
    expect(app.json().ecode).toBe('FORBIDDEN');
    // Our own built-in app is nobody's to push to.
    expect((await put(finance, '/api/integration/processes/X-9', proc({ app: 'leave' }))).statusCode).toBe(403);
    const p = await t.ctx.db
      .selectFrom('processes')
      .select(['status', 'name'])
      .where('external_id', '=', 'BX-1')
      .execute();
    expect(p).toEqual([{ status: 'completed', name: '报销单 BX-1' }]);
  });

  it('bad input: unknown user, app, process and malformed fields each get a clear error and write nothing', async () => {
    const rows = [await countRows(t, 'processes'), await countRows(t, 'tasks'), await countRows(t, 'cc_records')];
    const cases: Array<[string, unknown, number, string]> = [
      ['/api/integration/processes/BX-3', proc({ owner: 'nobody-here' }), 400, 'owner'],
      ['/api/integration/processes/BX-3', proc({ app: 'no-such-app' }), 400, 'app'],
      ['/api/integration/processes/BX-3', proc({ uri: '/relative/link' }), 400, 'uri'],
      ['/api/integration/processes/BX%203', proc(), 400, 'externalId'],
      ['/api/integration/tasks/BX-3-T1', task({ process: 'BX-404' }), 404, ''],
      ['/api/integration/tasks/BX-3-T1', task({ process: 'BX-2', assignee: 'ghost' }), 400, 'assignee'],
      ['/api/integration/tasks/BX-3-T1', task({ actions: [{ id: 'ok', name: '同意' }] }), 400, 'callbackUrl'],
      ['/api/integration/processes/BX-2/cc', { users: ['wangwu', 'ghost'] }, 400, 'users.1'],
    ];
    for (const [url, body, status, field] of cases) {
      const r = await put(finance, url, body);
      expect(r.statusCode, `${url} ${r.body}`).toBe(status);
      expect(r.json().error).not.toBe('');
      if (field) expect(JSON.stringify(r.json().details ?? []), url).toContain(field);
    }
    const zh = await put(finance, '/api/integration/processes/BX-3', proc({ owner: 'nobody-here' }));
    expect(zh.json().error).toContain('nobody-here');
    expect([await countRows(t, 'processes'), await countRows(t, 'tasks'), await countRows(t, 'cc_records')]).toEqual(
      rows,
    );
  });

  it('authorisation: members, another member, an app administrator and a system administrator get 403', async () => {
    for (const account of ['lisi', 'zhangsan', 'admin']) {
      const auth = await t.auth(account);
      const r = await t.app.inject({
        method: 'PUT',
        url: '/api/integration/processes/BX-9',
        headers: auth,
        payload: proc(),
      });
      expect(r.statusCode, account).toBe(403);
      expect(r.json().ecode).toBe('FORBIDDEN');
    }
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/integration/callback-secret',
      headers: await t.auth('lisi'),
    });
    expect(r.statusCode).toBe(403);
    // A system token without the write scope is refused by scope.
    const readOnly = await systemTokenFor(t, 'finance-client', 'task process');
    expect((await put(readOnly, '/api/integration/processes/BX-9', proc())).statusCode).toBe(403);
    expect(
      await t.ctx.db.selectFrom('processes').select('id').where('external_id', '=', 'BX-9').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a real client_credentials token from the IdP pushes too; the detail of a pushed process opens for its people', async () => {
    const { secret } = await registerSystemClient(t, { systemId: 'sys-cwxt', clientId: 'finance-curl' });
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      payload: 'grant_type=client_credentials&scope=task_edit%20process_edit',
      headers: {
        authorization: `Basic ${Buffer.from(`finance-curl:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(tokenRes.statusCode, tokenRes.body).toBe(200);
    const real = tokenRes.json().access_token as string;
    expect((await put(real, '/api/integration/processes/BX-REAL', proc({ name: 'BX-REAL' }))).statusCode).toBe(200);
    const r = await put(real, '/api/integration/tasks/BX-REAL-T', task({ process: 'BX-REAL' }));
    expect(r.statusCode, r.body).toBe(200);
    const detail = await workflowClient(t).detail('lisi', r.json().entities[0].processId);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().entities[0]).toMatchObject({
      name: 'BX-REAL',
      system: { name: '财务系统' },
      uri: 'https://finance.example.edu/bx/1',
    });
    expect(detail.json().entities[0].tasks.map((x: { name: string }) => x.name)).toEqual(['财务初审']);
    expect((await workflowClient(t).detail('wangwu', r.json().entities[0].processId)).statusCode).toBe(404);
  });

  it('two first pushes of one item at once make one process', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => put(finance, '/api/integration/processes/BX-RACE', proc({ name: 'race' }))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json().entities[0].id)).size).toBe(1);
  });
});
