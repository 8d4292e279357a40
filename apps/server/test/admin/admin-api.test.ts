import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as contracts from '@service-hall/contracts';
import type { PushEvent, RouteContract } from '@service-hall/contracts';

import { checkCredentials } from '../../src/idp/check-credentials.ts';
import { createLoginThrottle } from '../../src/idp/login-throttle.ts';
import { bootstrapAdmins } from '../../src/startup/bootstrap-admins.ts';
import { auditOf } from '../helpers/admin-helpers.ts';
import { gbkEncode } from '../helpers/gbk-encode.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

/** Every route of the administration console's people and process API. */
const adminRoutes = Object.values(contracts as Record<string, unknown>).filter(
  (c): c is RouteContract =>
    typeof c === 'object' &&
    c !== null &&
    'operationId' in c &&
    'path' in c &&
    /^\/api\/admin\/(users|departments|roles|import|processes|tasks)/.test(String((c as RouteContract).path)),
);

/** A request that would pass validation, so a refusal is the policy's and not the schema's. */
function sample(c: RouteContract): { url: string; payload?: unknown } {
  const url = c.path.replace(':id', 'u-lisi').replace(':code', 'teacher');
  const bodies: Record<string, unknown> = {
    adminCreateUser: { account: 'intruder', name: 'x' },
    adminEditUser: { name: 'x' },
    adminDisableUser: { disabled: true },
    adminResetPassword: { password: 'long-enough-1' },
    adminCreateDepartment: { id: 'x', name: 'x' },
    adminEditDepartment: { name: 'x' },
    adminCreateRole: { code: 'x', name: 'x' },
    adminEditRole: { name: 'x' },
    adminSetRoleMembers: { userIds: [] },
    adminImportUsers: { csv: b64('account,name\nx,x\n'), dryRun: false },
    adminImportDepartments: { csv: b64('id,name\nx,x\n'), dryRun: false },
    adminReassignTask: { toUserId: 'u-zhoujiu', reason: 'x' },
    adminCancelProcess: { reason: 'x' },
  };
  return { url, ...(c.method === 'GET' ? {} : { payload: bodies[c.operationId] }) };
}
const b64 = (s: string | Uint8Array) =>
  Buffer.from(typeof s === 'string' ? new TextEncoder().encode(s) : s).toString('base64');

describe.each(testDialects())('administration API: people and processes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  // Answers are read loosely here: each assertion names the fields it checks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Loose = any;
  const call = async (account: string, method: string, url: string, payload?: unknown, lang = 'en') => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(await t.auth(account)), 'accept-language': lang },
    });
    return {
      status: res.statusCode,
      body: res.json() as { ecode?: string; error: string; total?: number; entities: Loose[] },
    };
  };
  const count = async (table: 'users' | 'audit_log' | 'departments' | 'roles') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const userId = async (account: string) =>
    (await t.ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

  it('the demo seed makes `admin` a system administrator', async () => {
    expect((await call('admin', 'GET', '/api/admin/me')).body.entities[0]).toMatchObject({ systemAdmin: true });
  });

  it('has people and process routes in the OpenAPI document', async () => {
    expect(adminRoutes.length).toBe(19);
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    for (const c of adminRoutes) {
      const path = c.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[c.method.toLowerCase()]?.tags, c.operationId).toEqual(['admin']);
    }
  });

  it('refuses a student every route, and an app administrator every people route, changing nothing', async () => {
    const users = await count('users');
    const audits = await count('audit_log');
    for (const c of adminRoutes) {
      const { url, payload } = sample(c);
      const student = await call('zhangsan', c.method, url, payload);
      expect([c.operationId, student.status, student.body.ecode]).toEqual([c.operationId, 403, 'FORBIDDEN']);
      expect(student.body.error).toBe('You do not administer this');
      if (!/processes|tasks/.test(c.path)) {
        const appAdmin = await call('wangwu', c.method, url, payload, 'zh');
        expect([c.operationId, appAdmin.status, appAdmin.body.error]).toEqual([
          c.operationId,
          403,
          '您不是此项内容的管理员',
        ]);
      }
    }
    expect([await count('users'), await count('audit_log')]).toEqual([users, audits]);
  });

  it('confines an app administrator to the processes of their apps', async () => {
    const mine = await call('wangwu', 'GET', '/api/admin/processes?limit=100');
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBeGreaterThan(0);
    expect(mine.body.entities.every((p) => ['app-leave', 'app-business-trip'].includes(p.appId))).toBe(true);
    expect((await call('wangwu', 'GET', '/api/admin/processes/apps')).body.entities.map((a) => a.id).sort()).toEqual([
      'app-business-trip',
      'app-leave',
    ]);
    expect((await call('wangwu', 'GET', '/api/admin/processes?appId=app-reimburse')).status).toBe(403);
    const other = await t.ctx.db
      .selectFrom('tasks')
      .select(['id', 'process_id'])
      .where('app_id', '=', 'app-reimburse')
      .where('status', '=', 'todo')
      .executeTakeFirstOrThrow();
    expect(
      (await call('wangwu', 'POST', `/api/admin/tasks/${other.id}/reassign`, { toUserId: 'u-zhoujiu', reason: 'x' }))
        .status,
    ).toBe(403);
    expect(
      (await call('wangwu', 'POST', `/api/admin/processes/${other.process_id}/cancel`, { reason: 'x' })).status,
    ).toBe(403);
    const all = await call('admin', 'GET', '/api/admin/processes?limit=100');
    expect(all.body.total).toBeGreaterThan(mine.body.total!);
  });

  it('searches processes by entry, applicant, status and date', async () => {
    const some = (await call('admin', 'GET', '/api/admin/processes?status=doing&limit=1')).body.entities[0];
    expect(some).toMatchObject({
      status: 'doing',
      openTasks: [expect.objectContaining({ assignee: expect.any(String) })],
    });
    const byEntry = await call('admin', 'GET', `/api/admin/processes?keyword=${some.entry}`);
    expect(byEntry.body.entities.map((p) => p.id)).toEqual([some.id]);
    const byApplicant = await call('admin', 'GET', `/api/admin/processes?applicant=${some.applicantAccount}&limit=100`);
    expect(byApplicant.body.entities.every((p) => p.applicantAccount === some.applicantAccount)).toBe(true);
    const window = await call(
      'admin',
      'GET',
      `/api/admin/processes?from=${some.createdAt}&to=${some.createdAt + 1}&limit=100`,
    );
    expect(window.body.entities.map((p) => p.id)).toContain(some.id);
    expect(
      (await call('admin', 'GET', `/api/admin/processes?from=${some.createdAt + 1}&limit=100`)).body.entities.map(
        (p) => p.id,
      ),
    ).not.toContain(some.id);
    expect((await call('admin', 'GET', '/api/admin/processes?status=lost')).status).toBe(400);
  });

  it('reassigns a stuck task live and cancels a process, each with its audit row and the reason in the timeline', async () => {
    const task = await t.ctx.db
      .selectFrom('tasks')
      .select(['id', 'process_id'])
      .where('app_id', '=', 'app-leave')
      .where('assignee_id', '=', 'u-lisi')
      .where('status', '=', 'todo')
      .executeTakeFirstOrThrow();
    const pushes: PushEvent[] = [];
    const stop = t.ctx.bus.subscribe('u-zhoujiu', (e) => pushes.push(e));
    const noReason = await call('wangwu', 'POST', `/api/admin/tasks/${task.id}/reassign`, {
      toUserId: 'u-zhoujiu',
      reason: ' ',
    });
    expect([noReason.status, noReason.body.error]).toEqual([400, 'Please give a reason']);
    const res = await call('wangwu', 'POST', `/api/admin/tasks/${task.id}/reassign`, {
      toUserId: 'u-zhoujiu',
      reason: '李四出差',
    });
    stop();
    expect(res.status).toBe(200);
    expect(pushes.length).toBe(1);
    const again = await call('wangwu', 'POST', `/api/admin/tasks/${task.id}/reassign`, {
      toUserId: 'u-zhoujiu',
      reason: '李四出差',
    });
    expect([again.status, again.body.ecode]).toEqual([409, 'TASK_ALREADY_HANDLED']);
    expect((await auditOf(t, task.process_id)).map((a) => a.action)).toEqual(['process.reassign']);

    const cancel = await call('wangwu', 'POST', `/api/admin/processes/${task.process_id}/cancel`, {
      reason: '重复申请',
    });
    expect(cancel.status).toBe(200);
    const twice = await call('wangwu', 'POST', `/api/admin/processes/${task.process_id}/cancel`, {
      reason: '重复申请',
    });
    expect([twice.status, twice.body.error]).toEqual([409, 'This process has already ended']);
    expect((await auditOf(t, task.process_id)).map((a) => [a.action, a.actor_account, a.request_id !== null])).toEqual([
      ['process.reassign', 'wangwu', true],
      ['process.cancel', 'wangwu', true],
    ]);
    const listed = await call(
      'admin',
      'GET',
      `/api/admin/processes?keyword=${(await t.ctx.db.selectFrom('processes').select('entry').where('id', '=', task.process_id).executeTakeFirstOrThrow()).entry}`,
    );
    expect(listed.body.entities[0]).toMatchObject({ status: 'withdrawn', openTasks: [] });
  });

  it('creates, edits and resets a user with an audit row each; a duplicate account is refused in the user language', async () => {
    const created = await call('admin', 'POST', '/api/admin/users', {
      account: 'api-new',
      name: '新同学',
      nameEn: 'New',
      departmentId: 'cs',
      roles: ['student'],
      password: 'secret-123',
    });
    expect(created.status).toBe(200);
    expect(created.body.entities[0]).toMatchObject({
      account: 'api-new',
      department: 'School of Computer Science',
      hasPassword: true,
    });
    const id = created.body.entities[0].id as string;
    const dup = await call('admin', 'POST', '/api/admin/users', { account: 'api-new', name: 'x' }, 'zh');
    expect([dup.status, dup.body.ecode, dup.body.error]).toEqual([409, 'ACCOUNT_TAKEN', '账号“api-new”已存在']);
    const edited = await call('admin', 'PUT', `/api/admin/users/${id}`, {
      roles: ['student', 'teacher'],
      email: 'n@demo.edu.cn',
    });
    expect(edited.body.entities[0]).toMatchObject({
      roles: ['student', 'teacher'],
      email: 'n@demo.edu.cn',
      name: '新同学',
    });
    const badEmail = await call('admin', 'PUT', `/api/admin/users/${id}`, { email: 'nope' });
    expect([badEmail.status, badEmail.body.error]).toEqual([400, 'Some fields are invalid']);
    const weak = await call('admin', 'POST', `/api/admin/users/${id}/password`, { password: 'short' });
    expect([weak.status, weak.body.error]).toEqual([400, 'The password must have at least 8 characters']);
    expect((await call('admin', 'POST', `/api/admin/users/${id}/password`, { password: 'another-456' })).status).toBe(
      200,
    );
    expect((await call('admin', 'PUT', '/api/admin/users/u-nobody', { name: 'x' })).status).toBe(404);
    expect((await auditOf(t, id)).map((a) => a.action)).toEqual(['user.create', 'user.edit', 'user.reset-password']);
    const found = await call('admin', 'GET', '/api/admin/users?keyword=API-NEW');
    expect(found.body).toMatchObject({ total: 1, entities: [{ id }] });
    expect(
      (await call('admin', 'GET', '/api/admin/users?role=teacher&limit=100')).body.entities.map((u) => u.id),
    ).toContain(id);
  });

  it('disables a user: their API access and their open push stream end at once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const token = await t.tokenFor('sunba');
    const abort = new AbortController();
    const res = await fetch(`${base}/api/me/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    let ended = false;
    const reader = res.body!.getReader();
    void (async () => {
      try {
        while (!(await reader.read()).done) {
          /* read */
        }
        ended = true;
      } catch {
        /* aborted */
      }
    })();
    const profile = () =>
      t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { authorization: `Bearer ${token}` } });
    expect((await profile()).statusCode).toBe(200);

    const id = await userId('sunba');
    const off = await call('admin', 'POST', `/api/admin/users/${id}/disabled`, { disabled: true });
    expect(off.body.entities[0]).toMatchObject({ disabled: true });
    expect((await profile()).statusCode).toBe(401);
    const started = Date.now();
    while (!ended && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 100));
    abort.abort();
    expect(ended).toBe(true);
    const lastAdmin = await call('admin', 'POST', `/api/admin/users/${await userId('admin')}/disabled`, {
      disabled: true,
    });
    expect([lastAdmin.status, lastAdmin.body.error]).toEqual([
      409,
      'The last system administrator cannot be disabled or removed',
    ]);
    await call('admin', 'POST', `/api/admin/users/${id}/disabled`, { disabled: false });
    expect((await profile()).statusCode).toBe(200);
    expect((await auditOf(t, id)).map((a) => a.action)).toEqual(['user.disable', 'user.enable']);
  });

  it('keeps the department tree and roles, with audit rows', async () => {
    const dept = await call('admin', 'POST', '/api/admin/departments', {
      id: 'api-lab',
      name: '实验中心',
      parentId: 'cs',
      headUserId: 'u-lisi',
    });
    expect(dept.body.entities[0]).toMatchObject({ id: 'api-lab', parentId: 'cs', head: 'Li Si' });
    const cycle = await call('admin', 'PUT', '/api/admin/departments/cs', { parentId: 'api-lab' });
    expect([cycle.status, cycle.body.error]).toEqual([
      400,
      'A department cannot sit under itself or its sub-departments',
    ]);
    expect(
      (await call('admin', 'PUT', '/api/admin/departments/api-lab', { nameEn: 'Lab Centre' })).body.entities[0].nameEn,
    ).toBe('Lab Centre');
    const tree = await call('admin', 'GET', '/api/admin/departments');
    expect(tree.body.entities.find((d) => d.id === 'cs')).toMatchObject({ members: expect.any(Number) });
    expect((await auditOf(t, 'api-lab')).map((a) => a.action)).toEqual(['department.create', 'department.edit']);

    expect((await call('admin', 'POST', '/api/admin/roles', { code: 'api-role', name: '测试角色' })).status).toBe(200);
    expect((await call('admin', 'POST', '/api/admin/roles', { code: 'api-role', name: '又一个' })).status).toBe(409);
    expect(
      (await call('admin', 'PUT', '/api/admin/roles/api-role', { nameEn: 'Test role' })).body.entities[0],
    ).toMatchObject({ name: '测试角色', nameEn: 'Test role' });
    const members = await call('admin', 'PUT', '/api/admin/roles/api-role/members', {
      userIds: ['u-lisi', 'u-wangwu'],
    });
    expect(members.body.entities.map((u) => u.account).sort()).toEqual(['lisi', 'wangwu']);
    expect(
      (await call('admin', 'GET', '/api/admin/roles')).body.entities.find((r) => r.code === 'api-role'),
    ).toMatchObject({ members: 2, nameEn: 'Test role' });
    const unknown = await call('admin', 'PUT', '/api/admin/roles/api-role/members', { userIds: ['u-ghost'] });
    expect(unknown.status).toBe(400);
    expect((await auditOf(t, 'api-role')).map((a) => a.action)).toEqual(['role.create', 'role.edit', 'role.members']);
  });

  it('imports users from GBK after a dry run, idempotently; bad files and bad rows save nothing', async () => {
    const lines = ['账号,姓名,部门,角色,邮箱'];
    for (let i = 1; i <= 200; i++)
      lines.push(`imp${String(i).padStart(3, '0')},学生${i}号,计算机学院,student,imp${i}@demo.edu.cn`);
    const csv = b64(gbkEncode(`${lines.join('\r\n')}\r\n`));
    const before = await count('users');
    const dry = await call('admin', 'POST', '/api/admin/import/users', { csv, dryRun: true });
    expect(dry.body.entities[0]).toMatchObject({ dryRun: true, applied: false, created: 200, errors: 0 });
    expect(await count('users')).toBe(before);
    const done = await call('admin', 'POST', '/api/admin/import/users', { csv, dryRun: false });
    expect(done.body.entities[0]).toMatchObject({ applied: true, created: 200 });
    expect(await count('users')).toBe(before + 200);
    expect((await call('admin', 'GET', '/api/admin/users?keyword=imp137')).body.entities[0]).toMatchObject({
      name: '学生137号',
      departmentId: 'cs',
    });
    const again = await call('admin', 'POST', '/api/admin/import/users', { csv, dryRun: false });
    expect(again.body.entities[0]).toMatchObject({ applied: true, created: 0, changed: 0, unchanged: 200 });
    const imported = await t.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'user.import-create')
      .execute();
    expect(imported.length).toBe(200);

    const audits = await count('audit_log');
    const missing = await call(
      'admin',
      'POST',
      '/api/admin/import/users',
      { csv: b64('account,email\nx,x@y.z\n'), dryRun: false },
      'zh',
    );
    expect([missing.status, missing.body.ecode, missing.body.error]).toEqual([
      400,
      'CSV_INVALID',
      'CSV 缺少必需的列：name',
    ]);
    const broken = await call('admin', 'POST', '/api/admin/import/users', {
      csv: b64(new Uint8Array([0x61, 0x2c, 0xff, 0xfe, 0x0a, 0xd5])),
      dryRun: false,
    });
    expect([broken.status, broken.body.error]).toEqual([400, 'The CSV file is neither valid UTF-8 nor GBK']);
    const badRow = await call('admin', 'POST', '/api/admin/import/users', {
      csv: b64('account,name,department\nfresh1,好,cs\nfresh2,坏,nowhere\n'),
      dryRun: false,
    });
    expect(badRow.body.entities[0]).toMatchObject({ applied: false, created: 1, errors: 1 });
    expect(badRow.body.entities[0].rows[1].errors).toEqual([
      { field: 'department', message: 'No department "nowhere"' },
    ]);
    expect((await call('admin', 'POST', '/api/admin/import/users', { csv: 'not base64!', dryRun: true })).status).toBe(
      400,
    );
    expect([await count('users'), await count('audit_log')]).toEqual([before + 200, audits]);

    const depts = await call('admin', 'POST', '/api/admin/import/departments', {
      csv: b64(gbkEncode('编号,名称,上级\r\nimp-a,甲部门,\r\nimp-b,乙部门,imp-a\r\n')),
      dryRun: false,
    });
    expect(depts.body.entities[0]).toMatchObject({ applied: true, created: 2 });
    expect((await auditOf(t, 'imp-b')).map((a) => a.action)).toEqual(['department.import-create']);
  });

  it('previews a file that reads both as UTF-8 and as GBK with both readings, and imports it as named', async () => {
    const csv = b64(gbkEncode('account,name\r\nzm-api,芝猫\r\n'));
    const preview = await call('admin', 'POST', '/api/admin/import/users', { csv, dryRun: true });
    expect(preview.body.entities[0]).toMatchObject({ encoding: null, rows: [] });
    expect(preview.body.entities[0].readings.map((r: Loose) => [r.encoding, r.lines[1].cells[1]])).toEqual([
      ['utf-8', '\u05a5è'],
      ['gbk', '芝猫'],
    ]);
    const refused = await call('admin', 'POST', '/api/admin/import/users', { csv, dryRun: false }, 'zh');
    expect([refused.status, refused.body.ecode, refused.body.error]).toEqual([
      400,
      'CSV_INVALID',
      '该文件既可按 UTF-8 也可按 GBK 读取：请预览对比后指明编码',
    ]);
    const done = await call('admin', 'POST', '/api/admin/import/users', { csv, dryRun: false, encoding: 'gbk' });
    expect(done.body.entities[0]).toMatchObject({ applied: true, created: 1, encoding: 'gbk' });
    expect((await call('admin', 'GET', '/api/admin/users?keyword=zm-api')).body.entities[0]).toMatchObject({
      name: '芝猫',
    });
  });

  it(
    'imports 300 people with passwords in one request, each able to sign in with theirs',
    { timeout: 180_000 },
    async () => {
      const lines = ['account,name,password'];
      for (let i = 1; i <= 300; i++) lines.push(`pw${String(i).padStart(3, '0')},密码用户${i},secret-${i}-horse`);
      const csv = b64(`${lines.join('\n')}\n`);
      const done = await call('admin', 'POST', '/api/admin/import/users', { csv, dryRun: false });
      expect(done.body.entities[0]).toMatchObject({ applied: true, created: 300, errors: 0 });
      const signIn = (username: string, password: string) =>
        checkCredentials(t.ctx.db, createLoginThrottle(), { username, password, ip: '127.0.0.1', now: t.ctx.now() });
      for (const i of [1, 150, 300]) {
        expect(await signIn(`pw${String(i).padStart(3, '0')}`, `secret-${i}-horse`)).toEqual({
          ok: true,
          account: `pw${String(i).padStart(3, '0')}`,
        });
      }
      expect(await signIn('pw150', 'secret-151-horse')).toMatchObject({ ok: false });
      const again = await call('admin', 'POST', '/api/admin/import/users', { csv, dryRun: false });
      expect(again.body.entities[0]).toMatchObject({ applied: true, created: 0, unchanged: 300 });
    },
  );
});

describe('bootstrap: the first system administrator can run the console on an empty hall', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { ADMIN_ACCOUNT: 'it-office', ADMIN_PASSWORD: 'Correct-horse-battery-7' },
    });
    await bootstrapAdmins(t.ctx, t.app.log);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives ADMIN_ACCOUNT the system administrator role, so people administration works from the first start', async () => {
    const headers = { ...(await t.auth('it-office')), 'content-type': 'application/json' };
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers });
    expect(me.json()).toMatchObject({ entities: [{ systemAdmin: true }] });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers,
      payload: { account: 'first-user', name: '第一位' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const users = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers });
    expect((users.json() as { entities: Array<{ account: string; roles: string[] }> }).entities).toEqual([
      expect.objectContaining({ account: 'first-user' }),
      expect.objectContaining({ account: 'it-office', roles: ['admin'] }),
    ]);
  });
});
