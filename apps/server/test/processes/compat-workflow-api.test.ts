import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { form, formHeaders, leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

// The workflow API as existing clients of the other vendor's API use it — their write forms,
// the routes they call, the shapes they read, the errors they understand and their base path.

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const ALIAS = '/infoplus/apis/v2';

describe.each(testDialects())('the workflow API as other clients use it, on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  let portal: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
    portal = `${t.config.publicUrl}${t.config.basePath}`.replace(/\/$/, '');
    // lisi delegates leave requests to zhoujiu, in force now.
    await t.ctx.db
      .insertInto('delegations')
      .values({
        id: 'd-compat',
        from_user_id: 'u-lisi',
        to_user_id: 'u-zhoujiu',
        app_id: 'app-leave',
        start_at: NOW - DAY,
        end_at: NOW + DAY,
        created_at: NOW - DAY,
        deleted_at: null,
      })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const newLeave = async (by = 'zhangsan') => {
    const p = (await w.start(by, 'leave', leaveData)).json().entities[0];
    const task = (await w.todo('lisi', '?limit=100')).entities.find(
      (x: { process: { id: string } }) => x.process.id === p.id,
    );
    return { process: p, task };
  };
  const post = async (account: string, url: string, body: Record<string, string>, scope?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(await t.auth(account, scope)), ...formHeaders },
      payload: form(body),
    });
  const stepOf = async (account: string, processId: string) =>
    ((await w.detail(account, processId)).json().entities[0].tasks as Array<Record<string, unknown>>)[0]!;

  it('takes actionCode + userId + remark through /infoplus/apis/v2/task/{id}: an administrator acts for lisi, recorded as such', async () => {
    const { process, task } = await newLeave();
    const r = await post('admin', `${ALIAS}/task/${task.id}`, {
      actionCode: 'approve',
      userId: 'lisi',
      remark: '代为同意',
      _: '123',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ errno: 0, ecode: 'SUCCEED', error: '' });
    expect(await stepOf('zhangsan', process.id)).toMatchObject({
      status: 'done',
      actionUser: { id: 'u-admin' },
      onBehalfOf: { id: 'u-lisi' },
      remark: '代为同意',
    });
  });

  it('lets an active delegate act for the delegator with userId, and nobody else', async () => {
    const { process, task } = await newLeave();
    // The starter may see the process but not act for lisi: 403 with the userId ecode.
    const starter = await post('zhangsan', `/api/task/${task.id}`, { actionId: 'approve', userId: 'lisi' });
    expect(starter.statusCode).toBe(403);
    expect(starter.json().ecode).toBe('USER_ID_FORBIDDEN');
    // Someone with no part in it learns nothing (404), whatever userId says.
    expect(
      (await post('liuxiaoming', `/api/task/${task.id}`, { actionId: 'approve', userId: 'lisi' })).statusCode,
    ).toBe(404);
    // An administrator naming somebody who does not exist is told so.
    const nobody = await post('admin', `/api/task/${task.id}`, { actionId: 'approve', userId: 'nobody' });
    expect([nobody.statusCode, nobody.json().ecode]).toEqual([404, 'NOT_FOUND']);
    const delegate = await post('zhoujiu', `/api/task/${task.id}`, { actionCode: 'approve', userId: 'u-lisi' });
    expect(delegate.statusCode, delegate.body).toBe(200);
    expect(await stepOf('zhangsan', process.id)).toMatchObject({
      actionUser: { id: 'u-zhoujiu' },
      onBehalfOf: { id: 'u-lisi' },
    });
  });

  it('validates the action names: one of actionId/actionCode is needed, and two must agree', async () => {
    const { task } = await newLeave();
    const none = await post('lisi', `/api/task/${task.id}`, { remark: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([expect.objectContaining({ field: 'actionId', in: 'body' })]);
    const both = await post('lisi', `/api/task/${task.id}`, { actionId: 'approve', actionCode: 'reject' });
    expect(both.statusCode).toBe(400);
    expect(both.json().details).toEqual([expect.objectContaining({ field: 'actionCode', in: 'body' })]);
  });

  it('starts a process for userId when allowed (PUT /api/process and its alias), extra fields ignored', async () => {
    const data = JSON.stringify(leaveData);
    const asAdmin = await t.app.inject({
      method: 'PUT',
      url: `${ALIAS}/process`,
      headers: { ...(await t.auth('admin')), ...formHeaders },
      payload: form({ code: 'leave', data, userId: 'zhangsan', source: 'cli' }),
    });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json().entities[0].owner.id).toBe('u-zhangsan');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'after'])
      .where('target_id', '=', asAdmin.json().entities[0].id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: 'u-admin', action: 'process.start-for-user' });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ owner: 'u-zhangsan', startedBy: 'u-admin', as: 'admin' });
    const refused = await w.call('lisi', 'PUT', '/api/process', { code: 'leave', data, userId: 'zhangsan' });
    expect([refused.statusCode, refused.json().ecode]).toEqual([403, 'USER_ID_FORBIDDEN']);
    const own = await w.call('zhangsan', 'PUT', '/api/process', { code: 'leave', data, userId: 'zhangsan' });
    expect(own.json().entities[0].owner.id).toBe('u-zhangsan');
  });

  it('serves completed next to done (the same list), by GET or POST, parameters in the query or the body', async () => {
    const { process, task } = await newLeave();
    expect((await w.act('lisi', task.id, 'reject', {}, '材料不全')).statusCode).toBe(200);
    const done = (await w.call('zhangsan', 'GET', '/api/me/processes/done?limit=100')).json();
    const completed = (await w.call('zhangsan', 'GET', '/api/me/processes/completed?limit=100')).json();
    expect(completed.entities.map((p: { id: string }) => p.id)).toEqual(done.entities.map((p: { id: string }) => p.id));
    expect(completed.entities.map((p: { id: string }) => p.id)).toContain(process.id);
    const byBody = await post('zhangsan', '/api/me/processes/completed', { limit: '1', keyword: '' });
    expect(byBody.statusCode, byBody.body).toBe(200);
    expect(byBody.json()).toMatchObject({ ecode: 'SUCCEED', total: completed.total });
    expect(byBody.json().entities).toHaveLength(1);
    const split = await t.app.inject({
      method: 'POST',
      url: '/api/me/processes/done?limit=1&start=0',
      headers: { ...(await t.auth('zhangsan')), ...formHeaders },
      payload: form({ start: '1' }),
    });
    expect(split.json().entities[0].id).toBe(done.entities[1].id);
    const bad = await post('zhangsan', '/api/me/tasks/todo', { limit: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'limit' });
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/me/tasks/todo?limit=2',
      headers: await t.auth('lisi'),
    });
    expect(noBody.statusCode, noBody.body).toBe(200);
  });

  it('reads every list by POST as it reads it by GET', async () => {
    for (const list of [
      'tasks/todo',
      'processes/doing',
      'processes/done',
      'processes/completed',
      'processes/cc',
      'processes/guest',
    ]) {
      const got = (await w.call('lisi', 'GET', `/api/me/${list}`)).json();
      const posted = await post('lisi', `/api/me/${list}`, {});
      expect(posted.statusCode, list).toBe(200);
      expect(posted.json().total, list).toBe(got.total);
    }
    expect((await post('lisi', '/api/me/apps', {})).json().total).toBe(
      (await w.call('lisi', 'GET', '/api/me/apps')).json().total,
    );
  });

  it('finds a process by its serial number (entry), for those who may see it only', async () => {
    const { process } = await newLeave();
    const r = await w.detail('zhangsan', process.entry);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().entities[0].id).toBe(process.id);
    expect((await w.detail('liuxiaoming', process.entry)).statusCode).toBe(404);
    expect((await w.detail('zhangsan', '19990101-000001')).statusCode).toBe(404);
  });

  it('serves /api/user/{userId}/tasks/todo and /processes/{doing,done,completed,cc} by the userId rule', async () => {
    const { task } = await newLeave();
    const asDelegate = await w.call('zhoujiu', 'GET', '/api/user/lisi/tasks/todo?limit=100');
    expect(asDelegate.statusCode, asDelegate.body).toBe(200);
    const ids = asDelegate.json().entities.map((x: { id: string }) => x.id);
    expect(ids).toContain(task.id);
    expect(
      asDelegate.json().entities.every((x: { process: { app: { code: string } } }) => x.process.app.code === 'leave'),
    ).toBe(true);
    for (const list of ['doing', 'done', 'completed', 'cc']) {
      expect((await w.call('lisi', 'GET', `/api/user/lisi/processes/${list}`)).statusCode, list).toBe(200);
      expect((await w.call('admin', 'GET', `/api/user/u-lisi/processes/${list}`)).statusCode, list).toBe(200);
      const refused = await w.call('zhangsan', 'GET', `/api/user/lisi/processes/${list}`);
      expect([refused.statusCode, refused.json().ecode], list).toEqual([403, 'USER_ID_FORBIDDEN']);
      expect((await post('admin', `/api/user/lisi/processes/${list}`, { limit: '1' })).statusCode, list).toBe(200);
    }
    expect((await w.call('zhangsan', 'GET', '/api/user/lisi/tasks/todo')).statusCode).toBe(403);
  });

  it('serves GET /api/app/{code} with its definition, without shadowing /api/app/views', async () => {
    const leave = await w.call('zhangsan', 'GET', '/api/app/leave');
    expect(leave.statusCode, leave.body).toBe(200);
    expect(leave.json().entities[0]).toMatchObject({
      code: 'leave',
      builtin: true,
      ready: true,
      release: true,
      uri: `${portal}/workflow/apply?code=leave`,
      definition: { code: 'leave', app: { code: 'leave' } },
    });
    const external = (await w.call('zhangsan', 'GET', '/api/app/course-selection')).json().entities[0];
    expect(external).toMatchObject({ builtin: false, definition: null, system: { id: 'sys-jwxt' } });
    expect(external.uri).toMatch(/^https?:\/\//);
    const views = await w.call('zhangsan', 'GET', '/api/app/views');
    expect(views.json()).toMatchObject({ code: 0, data: { domain: 'todoCenter' } });
    expect((await w.call('zhangsan', 'GET', '/api/app/no-such-app')).statusCode).toBe(404);
  });

  it('serves GET /api/me/positions: my department and my posts (no administrator "post")', async () => {
    const lisi = (await w.call('lisi', 'GET', '/api/me/positions')).json();
    expect(lisi.entities.map((p: { post: { id: string } }) => p.post.id).sort()).toEqual(['counsellor', 'teacher']);
    expect(lisi.entities.every((p: { department: { id: string } }) => p.department.id === 'cs')).toBe(true);
    const admin = (await w.call('admin', 'GET', '/api/me/positions')).json();
    expect(admin.entities.map((p: { post: { id: string } | null }) => p.post?.id)).not.toContain('admin');
  });

  it('gives list entities app.code and app.department, system {id, name}, and absolute uris', async () => {
    const { task } = await newLeave();
    const todo = (await w.todo('lisi', '?limit=100')).entities.find((x: { id: string }) => x.id === task.id);
    expect(todo.process.app).toEqual({
      id: 'app-leave',
      name: '请假申请',
      code: 'leave',
      department: expect.any(String),
    });
    expect(todo.process.app.department).not.toBe('');
    expect(todo.process.system).toEqual({ id: '', name: '' });
    expect(todo.uri.startsWith(`${portal}/workflow/detail?id=`)).toBe(true);
    expect(todo.process.uri).toBe(`${portal}/workflow/detail?id=${task.process.id}`);
    const doing = (await w.call('zhangsan', 'GET', '/api/me/processes/doing')).json().entities[0];
    expect(doing.app).toMatchObject({ code: expect.any(String), department: expect.any(String) });
    expect(doing.system).toEqual({ id: expect.any(String), name: expect.any(String) });
    const apps = (await w.call('zhangsan', 'GET', '/api/me/apps')).json().entities as Array<Record<string, unknown>>;
    for (const a of apps) {
      expect(a, String(a.code)).toMatchObject({
        ready: expect.any(Boolean),
        visible: expect.any(Boolean),
        release: true,
      });
      expect(a.system, String(a.code)).toEqual({ id: expect.any(String), name: expect.any(String) });
      expect(String(a.uri), String(a.code)).toMatch(/^https?:\/\//);
    }
    // A process's form data is the applicant's: never rewritten.
    const detail = (await w.detail('zhangsan', task.process.id)).json().entities[0];
    expect(detail.data).toEqual(leaveData);
  });

  it('refuses a token in the URL under /api with its own ecode and 400, never calling a valid token invalid', async () => {
    const token = await t.tokenFor('lisi');
    const r = await t.app.inject({ method: 'GET', url: `/api/me/tasks/todo?access_token=${token}` });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ecode: 'CREDENTIALS_NOT_IN_HEADER', entities: [] });
    expect(r.headers['www-authenticate']).toBeUndefined();
  });

  it('answers a missing scope with 403, insufficient_scope naming it, in the message too', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/me/tasks/todo',
      headers: await t.auth('lisi', 'process'),
    });
    expect(r.statusCode).toBe(403);
    expect(r.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="task"');
    expect(r.json().ecode).toBe('ACCESS_TOKEN_SCOPE_INVALID');
    expect(r.json().error).toContain('task');
  });

  it('takes the scope start as submit, at the API and at the IdP', async () => {
    const data = JSON.stringify(leaveData);
    const put = async (scope: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/process',
        headers: { ...(await t.auth('zhangsan', scope)), ...formHeaders },
        payload: form({ code: 'leave', data }),
      });
    expect((await put('start')).statusCode).toBe(200);
    const without = await put('process');
    expect(without.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="submit"');
    const discovery = (await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).json();
    expect(discovery.scopes_supported).toContain('start');
  });

  it('documents each operation once: the alias paths are served, not listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/task/{id}');
    expect(paths).toContain('/api/me/processes/completed');
    expect(paths.filter((p) => p.startsWith(ALIAS))).toEqual([]);
    const viaAlias = await t.app.inject({ method: 'GET', url: `${ALIAS}/me/profile`, headers: await t.auth('lisi') });
    expect(viaAlias.json()).toMatchObject({ ecode: 'SUCCEED', entities: [{ account: 'lisi' }] });
  });
});

describe('API_ALIASES', () => {
  it('serves the workflow API under the configured prefixes only', async () => {
    const t = await createTestApp({ env: { API_ALIASES: '/hall/v1,/other' } });
    try {
      for (const prefix of ['/hall/v1', '/other']) {
        const r = await t.app.inject({ method: 'GET', url: `${prefix}/me/profile`, headers: await t.auth('lisi') });
        expect(r.statusCode, prefix).toBe(200);
      }
      // The default alias is gone (a POST: a GET there would reach the web app's catch-all instead).
      const gone = await t.app.inject({ method: 'POST', url: `${ALIAS}/me/tasks/todo`, headers: await t.auth('lisi') });
      expect([gone.statusCode, gone.json().ecode]).toEqual([404, 'NOT_FOUND']);
    } finally {
      await t.close();
    }
  });
});
