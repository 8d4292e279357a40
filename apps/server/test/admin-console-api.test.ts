import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from './helpers/test-app.ts';

describe.each(testDialects())('the console\'s first call on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ dialect }); });
  afterAll(async () => { await t.close(); });

  const me = async (account: string, lang = 'zh') => t.app.inject({
    method: 'GET', url: '/api/admin/me', headers: { ...(await t.auth(account)), 'accept-language': lang },
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
    const [value] = (res.json() as { entities: Array<{ systemAdmin: boolean; apps: Array<{ code: string }> }> }).entities;
    expect(value!.systemAdmin).toBe(false);
    expect(value!.apps.map((a) => a.code).sort()).toEqual(['business-trip', 'leave']);
  });
});
