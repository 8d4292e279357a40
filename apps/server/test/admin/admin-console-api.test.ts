import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

describe.each(testDialects())("the console's first call on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const me = async (account: string, lang = 'zh') =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { ...(await t.auth(account)), 'accept-language': lang },
    });

  it('refuses a student with 403 and a message in their language', async () => {
    const res = await me('zhangsan', 'en');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ecode: 'FORBIDDEN', error: 'You do not administer this' });
  });

  it('tells a system administrator they see everything', async () => {
    const res = await me('admin');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { entities: Array<{ systemAdmin: boolean; apps: unknown[] }> };
    expect(body.entities[0]!.systemAdmin).toBe(true);
    expect(body.entities[0]!.apps.length).toBeGreaterThan(5);
  });

  it('gives an app administrator their apps only', async () => {
    const res = await me('wangwu', 'en');
    expect(res.statusCode).toBe(200);
    const [value] = (res.json() as { entities: Array<{ systemAdmin: boolean; apps: Array<{ code: string }> }> })
      .entities;
    expect(value!.systemAdmin).toBe(false);
    expect(value!.apps.map((a) => a.code).sort()).toEqual(['business-trip', 'leave']);
  });

  it("offers the pickers' choices to administrators only: a member, another member and a system client get 403", async () => {
    const choices = async (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/admin/choices', headers });
    for (const account of ['zhangsan', 'lisi']) {
      const res = await choices({ ...(await t.auth(account)), 'accept-language': 'en' });
      expect(res.statusCode, account).toBe(403);
      expect(res.json()).toMatchObject({ ecode: 'FORBIDDEN', error: 'You do not administer this' });
    }
    await registerSystemClient(t, { systemId: 'sys-choices', clientId: 'choices-bot' });
    const bySystem = await choices({ authorization: `Bearer ${await systemTokenFor(t, 'choices-bot')}` });
    expect(bySystem.statusCode).toBe(403);
    // An app administrator (wangwu) may: they set who sees their app.
    for (const account of ['wangwu', 'admin']) {
      const res = await choices(await t.auth(account));
      expect(res.statusCode, account).toBe(200);
      const value = (
        res.json() as {
          entities: Array<{
            roles: Array<{ value: string; nameEn: string }>;
            departments: Array<{ value: string; parent: string | null }>;
            systems: Array<{ value: string }>;
          }>;
        }
      ).entities[0]!;
      expect(value.roles).toContainEqual(expect.objectContaining({ value: 'student', nameEn: 'Student' }));
      expect(value.departments.map((d) => d.value)).toContain('cs');
      expect(value.systems.map((s) => s.value)).toContain('sys-choices');
    }
  });
});
