import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

/**
 * GET /api/departments: what a form's department picker offers. Any signed-in person may fill such
 * a form, so every member, another member and an administrator get the same list, named in their language; a system
 * client reads it only with the profile scope, as the people directory it sits next to.
 */
describe.each(testDialects())('the department list on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { SEED: 'demo' } });
    await registerSystemClient(t, { systemId: 'sys-dept', clientId: 'dept-bot', scopes: 'profile app' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (account: string, lang = 'zh') =>
    t.app.inject({
      method: 'GET',
      url: '/api/departments',
      headers: { ...(await t.auth(account)), 'accept-language': lang },
    });

  it('lists every department by name for a member, another member, an app administrator and a system administrator', async () => {
    const all = await t.ctx.db.selectFrom('departments').select(['id', 'name', 'name_en']).execute();
    expect(all.length).toBeGreaterThan(1);
    const lists = [];
    for (const account of ['zhangsan', 'liuxiaoming', 'wangwu', 'admin']) {
      const res = await get(account);
      expect(res.statusCode, `${account}: ${res.body}`).toBe(200);
      lists.push(res.json().entities);
    }
    for (const list of lists) expect(list).toEqual(lists[0]);
    const names = (lists[0] as Array<{ id: string; name: string }>).map((d) => d.name);
    expect(new Set(names)).toEqual(new Set(all.map((d) => d.name)));
    expect((lists[0] as Array<{ id: string }>).map((d) => d.id).sort()).toEqual(all.map((d) => d.id).sort());
  });

  it('names them in English for an English reader', async () => {
    const all = await t.ctx.db.selectFrom('departments').select(['id', 'name', 'name_en']).execute();
    const en = (await get('zhangsan', 'en')).json().entities as Array<{ id: string; name: string }>;
    for (const d of en) {
      const row = all.find((x) => x.id === d.id)!;
      expect(d.name).toBe(row.name_en || row.name);
    }
  });

  it('refuses a caller who is no one; a system client reads it with the profile scope only, as the people directory', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/departments' })).statusCode).toBe(401);
    const asSystem = async (url: string, scope: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${await systemTokenFor(t, 'dept-bot', scope)}` },
      });
    for (const scope of ['profile app', 'app']) {
      const people = await asSystem('/api/users?keyword=zhang', scope);
      const departments = await asSystem('/api/departments', scope);
      expect(departments.statusCode, scope).toBe(people.statusCode);
      expect(departments.statusCode, scope).toBe(scope.includes('profile') ? 200 : 403);
    }
  });
});
