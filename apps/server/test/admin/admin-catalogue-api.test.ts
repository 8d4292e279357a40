import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const repair = {
  code: 'net-repair-api',
  name: '网络报修',
  name_en: 'Network repair',
  department: '信息化中心',
  kind: 'external',
  uri: 'https://repair.example.edu.cn/',
  tags: ['后勤服务'],
};

describe.each(testDialects())('the administration API on %s', (dialect) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    for (const a of await t.ctx.db.selectFrom('apps').select(['id', 'code']).execute()) ids[a.code] = a.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const send = async (account: string, method: string, url: string, payload?: unknown, lang = 'zh') =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(await t.auth(account)), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const auditCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const appCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('apps')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Every admin route with a well-formed request (the authorisation matrix below sends each). */
  const routes = () =>
    [
      ['GET', '/api/admin/me'],
      ['GET', '/api/admin/choices'],
      ['GET', '/api/admin/apps'],
      ['POST', '/api/admin/apps', { ...repair, code: 'matrix-app' }],
      ['PUT', `/api/admin/apps/${ids.reimburse}`, { name: '改名' }],
      ['POST', `/api/admin/apps/${ids.reimburse}/retire`, { retired: true }],
      ['PUT', '/api/admin/recommended', { ids: [ids.reimburse] }],
      ['POST', '/api/admin/images', { purpose: 'picture', data: PNG }],
      ['GET', '/api/admin/guides'],
      ['POST', '/api/admin/guides', { title: '指南', steps: [{ title: '一', apps: ['reimburse'] }] }],
      ['PUT', '/api/admin/guides/guide-leave', { title: '指南', steps: [{ title: '一', apps: ['reimburse'] }] }],
      ['POST', '/api/admin/guides/guide-freshman/publish', { published: false }],
      ['GET', '/api/admin/look'],
      [
        'PUT',
        '/api/admin/look/templates',
        { domain: 'x', solution: 'y', terminal: 'workflow', sections: ['banner'], theme: { primary: '#112233' } },
      ],
      ['PUT', '/api/admin/look/institution', { name: '某大学', name_en: 'Some University' }],
      ['PUT', '/api/admin/look/images', { kind: 'logo', url: null }],
      ['GET', '/api/admin/audit'],
    ] as Array<[string, string, unknown?]>;

  it('refuses a student on every admin route (403, in their language), changing nothing', async () => {
    const before = [await auditCount(), await appCount()];
    for (const [method, url, body] of routes()) {
      const res = await send('zhangsan', method, url, body, 'en');
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toMatchObject({ ecode: 'FORBIDDEN', error: 'You do not administer this' });
    }
    expect([await auditCount(), await appCount()]).toEqual(before);
  });

  it('refuses an app administrator outside their apps on every route but the reads of their own', async () => {
    const before = await auditCount();
    const allowed = new Set([
      'GET /api/admin/me',
      'GET /api/admin/choices',
      'GET /api/admin/apps',
      'GET /api/admin/guides',
    ]);
    for (const [method, url, body] of routes()) {
      const res = await send('wangwu', method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(allowed.has(`${method} ${url}`) ? 200 : 403);
    }
    expect(await auditCount()).toBe(before);
    // Their reads hold only their apps.
    const apps = (await send('wangwu', 'GET', '/api/admin/apps')).json() as { entities: Array<{ code: string }> };
    expect(apps.entities.map((a) => a.code).sort()).toEqual(['business-trip', 'leave']);
  });

  it('lets an app administrator edit their own app, with its audit row', async () => {
    const before = await auditCount();
    const res = await send('wangwu', 'PUT', `/api/admin/apps/${ids.leave}`, { description: '学生请假，辅导员审批' });
    expect(res.statusCode).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    const row = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', ids.leave!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'app.edit', actor_account: 'wangwu' });
  });

  it('writes one audit row for every change a system administrator makes', async () => {
    const steps: Array<[string, string, unknown, string]> = [
      ['POST', '/api/admin/images', { purpose: 'icon', data: PNG }, 'image.upload'],
      ['POST', '/api/admin/apps', repair, 'app.create'],
    ];
    for (const [method, url, body, action] of steps) {
      const n = await auditCount();
      const res = await send('admin', method, url, body);
      expect(res.statusCode, url).toBe(200);
      expect(await auditCount(), action).toBe(n + 1);
    }
    const created = await t.ctx.db
      .selectFrom('apps')
      .selectAll()
      .where('code', '=', repair.code)
      .executeTakeFirstOrThrow();
    expect([created.first_letter, created.initials, created.pinyin]).toEqual(['W', 'wlbx', 'wangluobaoxiu']);
    const more: Array<[string, string, unknown, string]> = [
      ['PUT', `/api/admin/apps/${created.id}`, { recommend: 5 }, 'app.edit'],
      ['PUT', '/api/admin/recommended', { ids: [created.id, ids.leave] }, 'app.reorder'],
      ['POST', `/api/admin/apps/${created.id}/retire`, { retired: true }, 'app.retire'],
      ['POST', `/api/admin/apps/${created.id}/retire`, { retired: false }, 'app.restore'],
      [
        'POST',
        '/api/admin/guides',
        {
          title: '网络报修指南',
          steps: [{ title: '报修', html: '<p><strong>先</strong>重启路由器</p>', apps: [repair.code] }],
        },
        'guide.create',
      ],
      [
        'PUT',
        '/api/admin/look/templates',
        {
          domain: 'todoCenter',
          solution: 'default',
          terminal: 'workflow',
          sections: ['search', 'banner'],
          theme: { primary: '#aa3311' },
        },
        'look.template',
      ],
      ['PUT', '/api/admin/look/institution', { name: '示范大学', name_en: 'Model University' }, 'look.institution'],
    ];
    for (const [method, url, body, action] of more) {
      const n = await auditCount();
      const res = await send('admin', method, url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(await auditCount(), action).toBe(n + 1);
      const last = await t.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last.action).toBe(action);
    }
    const guides = (await send('admin', 'GET', '/api/admin/guides')).json() as {
      entities: Array<{ id: string; title: string }>;
    };
    const guide = guides.entities.find((g) => g.title === '网络报修指南')!;
    const n = await auditCount();
    expect((await send('admin', 'POST', `/api/admin/guides/${guide.id}/publish`, { published: true })).statusCode).toBe(
      200,
    );
    expect(await auditCount()).toBe(n + 1);
    // The audit page finds them, newest first, filtered by action family.
    const audit = (await send('admin', 'GET', '/api/admin/audit?action=app&actor=admin')).json() as {
      total: number;
      entities: Array<{ action: string }>;
    };
    expect(audit.entities[0]!.action).toBe('app.restore');
    expect(audit.entities.every((e) => e.action.startsWith('app.'))).toBe(true);
  });

  it('answers bad input with a clear message and saves nothing', async () => {
    const withOpen = await t.ctx.db
      .selectFrom('processes')
      .select('app_id')
      .where('status', '=', 'doing')
      .executeTakeFirstOrThrow();
    const bigPng = Buffer.alloc(50 * 1024 * 1024, 1).toString('base64');
    const cases: Array<[string, string, unknown, number, string, string]> = [
      ['POST', '/api/admin/apps', repair, 409, 'APP_CODE_TAKEN', 'The app code "net-repair-api" is already in use'],
      [
        'PUT',
        `/api/admin/apps/${ids.leave}`,
        { code: 'leave2' },
        409,
        'APP_CODE_IN_USE',
        'Processes use the app code "leave"; it cannot be changed',
      ],
      ['POST', `/api/admin/apps/${withOpen.app_id}/retire`, { retired: true }, 409, 'APP_HAS_OPEN_PROCESSES', ''],
      [
        'POST',
        '/api/admin/images',
        { purpose: 'icon', data: b64('hello, not an image') },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Only PNG or SVG images can be uploaded',
      ],
      [
        'POST',
        '/api/admin/images',
        { purpose: 'picture', data: b64('GIF89a not ours') },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Only PNG, JPEG or SVG images can be uploaded',
      ],
      ['POST', '/api/admin/images', { purpose: 'picture', data: bigPng }, 413, 'PAYLOAD_TOO_LARGE', ''],
      [
        'POST',
        '/api/admin/images',
        { purpose: 'icon', data: b64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
        422,
        'IMAGE_UNSAFE',
        'The image contains script or external references',
      ],
      [
        'POST',
        '/api/admin/guides',
        { title: '坏指南', steps: [{ title: '一', html: '<p onclick="x()">hi</p><script>alert(1)</script>' }] },
        400,
        'VALIDATION_FAILED',
        'The guide contains script or event handlers',
      ],
      ['POST', '/api/admin/apps', { ...repair, code: 'Bad Code!' }, 400, 'VALIDATION_FAILED', ''],
    ];
    for (const [method, url, body, status, ecode, message] of cases) {
      const before = [await auditCount(), await appCount()];
      const res = await send('admin', method, url, body, 'en');
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(status);
      const json = res.json() as { ecode: string; error: string };
      expect(json.ecode, url).toBe(ecode);
      expect(json.error.length, url).toBeGreaterThan(0);
      if (message) expect(json.error).toBe(message);
      expect([await auditCount(), await appCount()], url).toEqual(before);
    }
    // The same refusal in Chinese.
    const zh = await send('admin', 'POST', '/api/admin/apps', repair, 'zh');
    expect(zh.json()).toMatchObject({ error: '事项编码“net-repair-api”已被使用' });
  });

  it('shows a restricted app only to the roles and departments it names, in the catalogue, recommended and search', async () => {
    const restricted = {
      ...repair,
      code: 'teachers-only',
      name: '教师专用服务',
      recommend: 3,
      visible: { roles: ['teacher'], departments: ['finance'] },
    };
    expect((await send('admin', 'POST', '/api/admin/apps', restricted)).statusCode).toBe(200);
    const sees = async (account: string) => {
      const apps = (await send(account, 'GET', '/api/me/apps')).json() as { entities: Array<{ code: string }> };
      const rec = (await send(account, 'GET', '/api/apps/recommended')).json() as { data: Array<{ code: string }> };
      const found = (
        await send(account, 'POST', `/manage/searchGuide?keyword=${encodeURIComponent('jszyfw')}`)
      ).json() as { t: { appList: Array<{ code: string }> } };
      return [apps.entities, rec.data, found.t.appList].map((l) => l.some((a) => a.code === 'teachers-only'));
    };
    expect(await sees('zhangsan')).toEqual([false, false, false]); // a student of cs
    expect(await sees('lisi')).toEqual([true, true, true]); // a teacher
    expect(await sees('zhaoliu')).toEqual([true, true, true]); // the finance department
  });

  it('serves an uploaded icon with its type and a policy that forbids script', async () => {
    const res = await send('admin', 'POST', '/api/admin/images', {
      purpose: 'icon',
      data: b64('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>'),
    });
    const { url } = (res.json() as { entities: Array<{ url: string }> }).entities[0]!;
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/svg+xml');
    expect(String(img.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(img.body).toContain('<circle');
  });
});
