import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callbackBase, callbackOutside } from '../../src/modules/integration/callback-url.ts';
import { startExternalSystem, type Behaviour } from '../helpers/external-system.ts';
import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { workflowClient } from '../helpers/workflow-helpers.ts';

/** What a member reads whenever a callback fails, whatever the cause. */
const FAILED_ZH = '财务系统未能完成此操作，请稍后重试';

// members act on external tasks from the portal; the portal calls the system's callback.
describe.each(testDialects())('integration API: callbacks (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let system: Awaited<ReturnType<typeof startExternalSystem>>;
  let secrets: string[] = [];
  let n = 0;
  const send = (method: 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload: payload as object } : {}),
    });
  const actions = [
    { id: 'approve', name: { zh: '同意', en: 'Approve' } },
    { id: 'reject', name: '退回' },
  ];

  /** A fresh external process with one actionable task for lisi whose callback behaves as told; its task id. */
  async function externalTask(behaviour: Behaviour | null): Promise<{ id: string; path: string }> {
    n += 1;
    const path = `/cb/${n}`;
    if (behaviour) system.set(path, behaviour);
    expect(
      (
        await send('PUT', `/api/integration/processes/P-${n}`, {
          app: 'invoice',
          owner: 'zhangsan',
          name: `发票 P-${n}`,
          uri: `https://finance.example.edu/p/${n}`,
        })
      ).statusCode,
    ).toBe(200);
    const r = await send('PUT', `/api/integration/tasks/T-${n}`, {
      process: `P-${n}`,
      assignee: 'lisi',
      name: '审核',
      uri: `https://finance.example.edu/t/${n}`,
      ...(behaviour ? { actions, callbackUrl: system.url(path) } : {}),
    });
    expect(r.statusCode, r.body).toBe(200);
    return { id: r.json().entities[0].id, path };
  }
  /** Registers `baseUrl` for the finance system, as a system administrator does in the console. */
  const setBase = async (baseUrl: string) => {
    const r = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/systems/sys-cwxt',
      headers: await t.auth('admin'),
      payload: { baseUrl },
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  const act = (taskId: string, actionId = 'approve', headers: Record<string, string> = {}) =>
    workflowClient(t).act('lisi', taskId, actionId, headers);
  const todoIds = async () =>
    (await workflowClient(t).todo('lisi', '?limit=100')).entities.map((x: { id: string }) => x.id);
  const deliveriesTo = (path: string) => system.received.filter((r) => r.path === path);
  /** Why the task's delivery last failed, as kept for the operator. */
  const lastError = async (taskId: string) =>
    JSON.parse(
      (
        await t.ctx.db
          .selectFrom('callback_deliveries')
          .select('last_error')
          .where('task_id', '=', taskId)
          .executeTakeFirstOrThrow()
      ).last_error,
    ) as unknown;

  /** The callback counter (servicehall_callbacks_total) for the finance system, by outcome. */
  const outcomes = async () =>
    new Map(
      (await t.ctx.metrics.callbacks.get()).values
        .filter((v) => v.labels.system === 'sys-cwxt')
        .map((v) => [String(v.labels.outcome), v.value]),
    );
  /** What the counter gained since `before`, by outcome. */
  const countedSince = async (before: Map<string, number>) =>
    Object.fromEntries(
      [...(await outcomes())]
        .filter(([k, v]) => v !== (before.get(k) ?? 0))
        .map(([k, v]) => [k, v - (before.get(k) ?? 0)]),
    );

  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      env: { CALLBACK_TIMEOUT_MS: '400', CALLBACK_RETRIES: '2', CALLBACK_BACKOFF_MS: '20' },
    });
    await registerSystemClient(t, { systemId: 'sys-cwxt', clientId: 'finance-client' });
    token = await systemTokenFor(t, 'finance-client');
    system = await startExternalSystem(() => secrets);
    await setBase(system.url('/cb'));
  });
  afterAll(async () => {
    await system?.close();
    await t?.close();
  });

  it("a task with a callback needs the system's callback secret first; rotating answers it once", async () => {
    expect(
      (
        await send('PUT', '/api/integration/processes/P-0', {
          app: 'invoice',
          owner: 'zhangsan',
          name: 'P-0',
          uri: 'https://finance.example.edu/p/0',
        })
      ).statusCode,
    ).toBe(200);
    const refused = await send('PUT', '/api/integration/tasks/T-0', {
      process: 'P-0',
      assignee: 'lisi',
      name: '审核',
      uri: 'https://finance.example.edu/t/0',
      actions,
      callbackUrl: system.url('/cb/0'),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('callback-secret');
    const r = await send('POST', '/api/integration/callback-secret');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().entities[0]).toMatchObject({ previousValidUntil: null });
    secrets = [r.json().entities[0].secret];
  });

  it('the to-do offers the declared actions; acting calls the callback once, signed, and the task is done', async () => {
    const task = await externalTask('ok');
    const row = (await workflowClient(t).todo('lisi', '?limit=100')).entities.find(
      (x: { id: string }) => x.id === task.id,
    );
    expect(row.actions).toEqual([
      { id: 'approve', name: '同意' },
      { id: 'reject', name: '退回' },
    ]);
    const r = await act(task.id, 'approve', { 'idempotency-key': `k-${task.id}` });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().entities[0].tasks[0]).toMatchObject({ status: 'done' });
    const [d] = deliveriesTo(task.path);
    expect(d).toMatchObject({ verified: true, idempotencyKey: `${task.id}:approve` });
    expect(JSON.parse(d!.body)).toMatchObject({
      event: 'task.action',
      task: { externalId: `T-${n}` },
      process: { externalId: `P-${n}` },
      action: { id: 'approve' },
      user: { account: 'lisi' },
    });
    expect(await todoIds()).not.toContain(task.id);
    // The member's retry (same key) replays; another try is refused; the system heard it once.
    expect((await act(task.id, 'approve', { 'idempotency-key': `k-${task.id}` })).statusCode).toBe(200);
    const again = await act(task.id, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json().ecode).toBe('TASK_ALREADY_HANDLED');
    expect(deliveriesTo(task.path)).toHaveLength(1);
    expect(system.applied.has(`${task.id}:approve`)).toBe(true);
    // lisi acted: the process is among her running ones.
    const doing = await workflowClient(t).call('lisi', 'GET', `/api/me/processes/doing?keyword=P-${n}`);
    expect(doing.json().total).toBe(1);
  });

  it('a callback answering 500 fails that item alone after the retries, stays in the to-do, and succeeds on retry once', async () => {
    const task = await externalTask('fail');
    const before = await outcomes();
    const r = await act(task.id);
    expect(r.statusCode).toBe(502);
    expect(r.json().ecode).toBe('CALLBACK_FAILED');
    // The member reads that the system did not complete it; the status it answered is for the operator.
    expect(r.json().error).toBe(FAILED_ZH);
    expect(await lastError(task.id)).toEqual({ kind: 'status', status: 500 });
    // Counted once per member action, not per attempt: a 5xx after the retries is the system unavailable.
    expect(await countedSince(before)).toEqual({ unavailable: 1 });
    const attempts = deliveriesTo(task.path);
    expect(attempts).toHaveLength(3);
    // One key for every attempt; a fresh timestamp and signature each time.
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
    expect(new Set(attempts.map((a) => a.signature)).size).toBe(3);
    expect(await todoIds()).toContain(task.id);
    system.set(task.path, 'ok');
    const retry = await act(task.id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await countedSince(before)).toEqual({ unavailable: 1, ok: 1 });
    expect([...system.applied.keys()].filter((k) => k === `${task.id}:approve`)).toHaveLength(1);
    expect(await todoIds()).not.toContain(task.id);
  });

  it("a callback that times out is the same failure, in the member's language; a late first answer is applied once", async () => {
    const hung = await externalTask('hang');
    const before = await outcomes();
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/task/${hung.id}`,
      payload: 'actionId=approve',
      headers: {
        ...(await t.auth('lisi')),
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'en',
      },
    });
    expect(r.statusCode).toBe(502);
    expect(r.json().error).toBe('Finance System did not complete the action; please retry later');
    expect(await lastError(hung.id)).toEqual({ kind: 'timeout' });
    expect(await countedSince(before)).toEqual({ timeout: 1 });
    expect(await todoIds()).toContain(hung.id);

    // Duplicate delivery: the system applies the first request but answers too late; the retry gets 200.
    const slow = await externalTask('slow-once');
    const ok = await act(slow.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(deliveriesTo(slow.path).length).toBeGreaterThanOrEqual(2);
    expect([...system.applied.keys()].filter((k) => k.startsWith(`${slow.id}:`))).toHaveLength(1);
  });

  it('an answer that is not HTTP fails; two answers to one request count once', async () => {
    const garbage = await externalTask('garbage');
    const before = await outcomes();
    const r = await act(garbage.id);
    expect(r.statusCode).toBe(502);
    expect(r.json().error).toBe(FAILED_ZH);
    expect(await lastError(garbage.id)).toEqual({ kind: 'network' });
    expect(await countedSince(before)).toEqual({ network: 1 });
    expect(await todoIds()).toContain(garbage.id);
    const twice = await externalTask('twice');
    expect((await act(twice.id)).statusCode).toBe(200);
    expect([...system.applied.keys()].filter((k) => k.startsWith(`${twice.id}:`))).toHaveLength(1);
    expect(await todoIds()).not.toContain(twice.id);
  });

  it('two tries at once: one delivery, one success, the other refused', async () => {
    const task = await externalTask('slow-once');
    const [a, b] = await Promise.all([act(task.id), act(task.id, 'reject')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([...system.applied.keys()].filter((k) => k.startsWith(`${task.id}:`))).toHaveLength(1);
  });

  it('a replayed delivery is refused by a system that verifies as documented', async () => {
    const task = await externalTask('ok');
    expect((await act(task.id)).statusCode).toBe(200);
    const [d] = deliveriesTo(task.path);
    const replay = await system.replay(d!);
    expect(replay.status).toBe(401);
    expect([...system.applied.keys()].filter((k) => k.startsWith(`${task.id}:`))).toHaveLength(1);
  });

  it('after a rotation deliveries verify with the new secret and, for a day, with the previous one', async () => {
    const old = secrets[0]!;
    const r = await send('POST', '/api/integration/callback-secret');
    const fresh = r.json().entities[0].secret as string;
    expect(r.json().entities[0].previousValidUntil).toBeGreaterThan(t.ctx.now());
    // A system still holding only the old secret verifies…
    secrets = [old];
    const a = await externalTask('ok');
    expect((await act(a.id)).statusCode).toBe(200);
    // …and so does one that switched.
    secrets = [fresh];
    const b = await externalTask('ok');
    expect((await act(b.id)).statusCode).toBe(200);
    expect(deliveriesTo(b.path)[0]!.signature.split(',')).toHaveLength(2);
    // A system holding a secret that was never ours refuses: the member sees a failure, nothing applied.
    secrets = ['whsec_wrong'];
    const c = await externalTask('ok');
    const before = await outcomes();
    const refused = await act(c.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe(FAILED_ZH);
    expect(await lastError(c.id)).toEqual({ kind: 'status', status: 401 });
    // A 4xx is the system's refusal: not retried, counted as refused.
    expect(await countedSince(before)).toEqual({ refused: 1 });
    expect(system.applied.has(`${c.id}:approve`)).toBe(false);
    secrets = [fresh];
  });

  it('a task without a callback is handled in its system: acting on it is refused with that advice', async () => {
    const task = await externalTask(null);
    const row = (await workflowClient(t).todo('lisi', '?limit=100')).entities.find(
      (x: { id: string }) => x.id === task.id,
    );
    expect(row.actions).toEqual([]);
    const r = await act(task.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toContain('财务系统');
  });

  it("authorisation: another member and the applicant cannot act on lisi's external task", async () => {
    const task = await externalTask('ok');
    // Someone who cannot see the process learns nothing (404); the applicant may see it but not act (403).
    for (const [account, status] of [
      ['wangwu', 404],
      ['zhangsan', 403],
    ] as const) {
      const r = await workflowClient(t).act(account, task.id, 'approve');
      expect(r.statusCode, account).toBe(status);
    }
    expect(deliveriesTo(task.path)).toHaveLength(0);
  });

  it('the system acting for the assignee on its own task: one delivery, done, recorded as via the system', async () => {
    const task = await externalTask('ok');
    const asSystem = (body: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/task/${task.id}`,
        payload: body,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const key = { 'idempotency-key': `sys-${task.id}` };
    const r = await asSystem('actionId=approve&userId=lisi&remark=%E7%B3%BB%E7%BB%9F%E5%90%8C%E6%AD%A5', key);
    expect(r.statusCode, r.body).toBe(200);
    // The answer is what the assignee sees: the system takes no part in the process.
    expect(r.json().entities[0].tasks.find((x: { id: string }) => x.id === task.id)).toMatchObject({ status: 'done' });
    expect(deliveriesTo(task.path)).toHaveLength(1);
    expect(JSON.parse(deliveriesTo(task.path)[0]!.body)).toMatchObject({
      user: { account: 'lisi' },
      remark: '系统同步',
    });
    expect(await todoIds()).not.toContain(task.id);
    const delivery = await t.ctx.db
      .selectFrom('callback_deliveries')
      .select('state')
      .where('task_id', '=', task.id)
      .execute();
    expect(delivery).toEqual([{ state: 'done' }]);
    const row = await t.ctx.db
      .selectFrom('tasks')
      .select(['status', 'action_user_id', 'via_system_id'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', via_system_id: 'sys-cwxt' });
    const lisi = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'lisi')
      .executeTakeFirstOrThrow();
    expect(row.action_user_id).toBe(lisi.id);
    const audit = await t.ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', task.id).execute();
    expect(audit).toMatchObject([{ action: 'task.act', actor_id: 'system:sys-cwxt' }]);
    // The system's retry replays the answer; another try is refused; the callback was heard once.
    const replay = await asSystem('actionId=approve&userId=lisi&remark=%E7%B3%BB%E7%BB%9F%E5%90%8C%E6%AD%A5', key);
    expect(replay.statusCode, replay.body).toBe(200);
    const again = await asSystem('actionId=reject&userId=lisi');
    expect(again.statusCode).toBe(409);
    expect(again.json().ecode).toBe('TASK_ALREADY_HANDLED');
    expect((await act(task.id, 'reject')).json().ecode).toBe('TASK_ALREADY_HANDLED');
    expect(deliveriesTo(task.path)).toHaveLength(1);
    expect([...system.applied.keys()].filter((k) => k.startsWith(`${task.id}:`))).toEqual([`${task.id}:approve`]);
    // lisi is recorded as having acted: the process is among her running ones.
    const doing = await workflowClient(t).call('lisi', 'GET', `/api/me/processes/doing?keyword=P-${n}`);
    expect(doing.json().total).toBe(1);
  });

  describe("callback URLs stay under the system's registered base", () => {
    let k = 0;
    /** Pushes a fresh process and a task calling `callbackUrl` back; the answer to the task's push. */
    async function push(callbackUrl: string, lang = 'en', bearer = token) {
      k += 1;
      const headers = { authorization: `Bearer ${bearer}`, 'accept-language': lang };
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/integration/processes/U-${k}`,
            headers,
            payload: {
              app: 'invoice',
              owner: 'zhangsan',
              name: `U-${k}`,
              uri: `https://finance.example.edu/p/u${k}`,
            },
          })
        ).statusCode,
      ).toBe(200);
      return t.app.inject({
        method: 'PUT',
        url: `/api/integration/tasks/UT-${k}`,
        headers,
        payload: {
          process: `U-${k}`,
          assignee: 'lisi',
          name: '审核',
          uri: `https://finance.example.edu/t/u${k}`,
          actions,
          callbackUrl,
        },
      });
    }
    const taskRow = (externalId: string) =>
      t.ctx.db
        .selectFrom('tasks')
        .select('id')
        .where('system_id', '=', 'sys-cwxt')
        .where('external_id', '=', externalId)
        .executeTakeFirst();

    it('refuses loopback, link-local, private and numeric hosts, credentials, other ports, schemes and paths', async () => {
      await setBase('https://finance.example.edu/hall');
      try {
        const refused = [
          'http://127.0.0.1/hall/cb',
          'https://127.0.0.1/hall/cb',
          'https://[::1]/hall/cb',
          'https://0.0.0.0/hall/cb',
          'https://2130706433/hall/cb',
          'https://0x7f.1/hall/cb',
          'https://localhost/hall/cb',
          'https://169.254.169.254/latest/meta-data/',
          'https://10.0.0.1/hall/cb',
          'https://user:pass@finance.example.edu/hall/cb',
          'https://finance.example.edu@10.0.0.1/hall/cb',
          'http://finance.example.edu/hall/cb',
          'https://finance.example.edu:8443/hall/cb',
          'https://finance.example.edu.evil.example/hall/cb',
          'https://finance.example.edu/hall-admin/cb',
          'https://finance.example.edu/',
          'https://finance.example.edu/hall/../admin/cb',
          'https://finance.example.edu/hall/%2e%2E/admin/cb',
          'https://finance.example.edu/hall/..%2fadmin/cb',
          'https://finance.example.edu/hall/..%5Cadmin/cb',
        ];
        for (const url of refused) {
          const r = await push(url);
          expect(r.statusCode, url).toBe(422);
          expect(r.json(), url).toMatchObject({
            ecode: 'CALLBACK_URL_REFUSED',
            errno: 42220,
            details: [{ field: 'callbackUrl', in: 'body' }],
            error:
              'The callbackUrl must be under the address registered for this system, https://finance.example.edu/hall (same scheme, host and port), without a user name or password',
          });
          expect(await taskRow(`UT-${k}`), url).toBeUndefined();
        }
        const zh = await push('https://127.0.0.1/hall/cb', 'zh');
        expect(zh.json().error).toBe(
          '回调地址必须位于为本系统登记的地址 https://finance.example.edu/hall 之下（协议、主机和端口相同），且不能含用户名或密码',
        );
        // The same address however it is spelt, and paths at or below the base's, are accepted.
        for (const url of [
          'https://FINANCE.example.edu:443/hall',
          'https://finance.example.edu/hall/cb?step=2',
          'https://finance.example.edu/hall/a/./b/../cb',
        ]) {
          expect((await push(url)).statusCode, url).toBe(200);
        }
      } finally {
        await setBase(system.url('/cb'));
      }
    });

    it('compares hosts as the URL parser reads them: a numeric spelling of the registered host is that host, and is called', async () => {
      const port = new URL(system.url('/')).port;
      for (const host of ['2130706433', '0x7f.1', '127.1']) {
        const path = `/cb/numeric-${host}`;
        const r = await push(`http://${host}:${port}${path}`);
        expect(r.statusCode, r.body).toBe(200);
        expect((await act(r.json().entities[0].id)).statusCode, host).toBe(200);
        expect(deliveriesTo(path), host).toHaveLength(1);
      }
      // The registered host on another port is another origin.
      const other = await push(`http://127.0.0.1:${Number(port) === 65535 ? 1 : Number(port) + 1}/cb/x`);
      expect(other.statusCode).toBe(422);
    });

    it('a system without a registered base URL cannot take callbacks', async () => {
      await setBase('');
      try {
        const r = await push(system.url('/cb/no-base'));
        expect(r.statusCode).toBe(422);
        expect(r.json()).toMatchObject({
          ecode: 'CALLBACK_URL_REFUSED',
          error:
            'No address is registered for this system, so it cannot use callbacks; a system administrator registers it in the console first',
        });
        // A task without a callback is still pushed: members handle it in the system.
        const plain = await send('PUT', `/api/integration/tasks/UT-${k}`, {
          process: `U-${k}`,
          assignee: 'lisi',
          name: '审核',
          uri: 'https://finance.example.edu/t/plain',
        });
        expect(plain.statusCode, plain.body).toBe(200);
      } finally {
        await setBase(system.url('/cb'));
      }
    });

    it('checks again when a member acts: a base changed since the push is not called, and the member reads the usual failure', async () => {
      const pushed = await push(system.url('/cb/moved'));
      expect(pushed.statusCode).toBe(200);
      const id = pushed.json().entities[0].id as string;
      await setBase(system.url('/elsewhere'));
      try {
        const before = await outcomes();
        const r = await act(id);
        expect(r.statusCode).toBe(502);
        expect(r.json()).toMatchObject({ ecode: 'CALLBACK_FAILED', error: FAILED_ZH });
        expect(deliveriesTo('/cb/moved')).toHaveLength(0);
        expect(await lastError(id)).toEqual({ kind: 'outside-base' });
        expect(await countedSince(before)).toEqual({ 'outside-base': 1 });
      } finally {
        await setBase(system.url('/cb'));
      }
      expect((await act(id)).statusCode).toBe(200);
      expect(deliveriesTo('/cb/moved')).toHaveLength(1);
    });

    it("a base that is a path is under this portal's address; each system stays under its own", async () => {
      await registerSystemClient(t, { systemId: 'sys-xgxt', clientId: 'students-client', appCodes: ['scholarship'] });
      const students = await systemTokenFor(t, 'students-client');
      const headers = { authorization: `Bearer ${students}` };
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/integration/callback-secret', headers })).statusCode,
      ).toBe(200);
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/api/integration/processes/S-1',
            headers,
            payload: {
              app: 'scholarship',
              owner: 'zhangsan',
              name: 'S-1',
              uri: 'https://students.example.edu/p/1',
            },
          })
        ).statusCode,
      ).toBe(200);
      const task = (callbackUrl: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/integration/tasks/ST-1',
          headers,
          payload: {
            process: 'S-1',
            assignee: 'lisi',
            name: '审核',
            uri: 'https://students.example.edu/t/1',
            actions,
            callbackUrl,
          },
        });
      // The demo registers sys-xgxt at /demo-external/sys-xgxt: under PUBLIC_URL, http://localhost:8080 here.
      for (const url of [
        system.url('/cb/students'),
        'http://localhost:8080/demo-external/sys-cwxt/cb',
        'http://localhost:8080/api/task/x',
      ]) {
        const r = await task(url);
        expect(r.statusCode, url).toBe(422);
        expect(r.json().error).toContain('http://localhost:8080/demo-external/sys-xgxt');
      }
      expect((await task('http://localhost:8080/demo-external/sys-xgxt/cb')).statusCode).toBe(200);
    });

    it('authorisation: members and system tokens without task_edit cannot push a task, callback or not', async () => {
      const payload = {
        process: 'P-0',
        assignee: 'lisi',
        name: '审核',
        uri: 'https://finance.example.edu/t/0',
        actions,
        callbackUrl: system.url('/cb/auth'),
      };
      const asMember = await t.app.inject({
        method: 'PUT',
        url: '/api/integration/tasks/AUTH-1',
        headers: await t.auth('lisi'),
        payload,
      });
      expect(asMember.statusCode).toBe(403);
      const readOnly = await systemTokenFor(t, 'finance-client', 'task process');
      const noScope = await t.app.inject({
        method: 'PUT',
        url: '/api/integration/tasks/AUTH-1',
        headers: { authorization: `Bearer ${readOnly}` },
        payload,
      });
      expect(noScope.statusCode).toBe(403);
      expect(noScope.json().ecode).toBe('ACCESS_TOKEN_SCOPE_INVALID');
      const anonymous = await t.app.inject({ method: 'PUT', url: '/api/integration/tasks/AUTH-1', payload });
      expect(anonymous.statusCode).toBe(401);
      expect(
        await t.ctx.db.selectFrom('tasks').select('id').where('external_id', '=', 'AUTH-1').executeTakeFirst(),
      ).toBeUndefined();
    });
  });
});

describe("a system's callback base", () => {
  const config = { publicUrl: 'https://hall.example.edu', basePath: '/portal/' };

  it('is its registered URL, a path taken under PUBLIC_URL + BASE_PATH, and nothing when none or unusable', () => {
    expect(callbackBase('https://Finance.example.edu:443/hall', config)?.href).toBe('https://finance.example.edu/hall');
    expect(callbackBase('/demo-external/sys-cwxt', config)?.href).toBe(
      'https://hall.example.edu/portal/demo-external/sys-cwxt',
    );
    for (const none of [
      '',
      '  ',
      'ftp://files.example.edu/',
      'https://u:p@finance.example.edu/',
      'not a url',
      '//evil.example/x',
    ]) {
      expect(callbackBase(none, config), none).toBeNull();
    }
  });

  it('holds the base itself and what is below it, segment by segment', () => {
    const base = callbackBase('https://finance.example.edu/hall/', config)!;
    expect(callbackOutside('https://finance.example.edu/hall/', base)).toBeNull();
    expect(callbackOutside('https://finance.example.edu/hall', base)).toBe('path');
    expect(callbackOutside('https://finance.example.edu/hall/x/y', base)).toBeNull();
    expect(callbackOutside('https://a:b@finance.example.edu/hall/x', base)).toBe('credentials');
    expect(callbackOutside('javascript:alert(1)', base)).toBe('origin');
    expect(callbackOutside('no url', base)).toBe('origin');
  });
});
