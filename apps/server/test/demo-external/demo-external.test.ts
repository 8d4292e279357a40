import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('the demo external systems', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every external demo app opens a page of ours that names the app and its system, without signing in', async () => {
    const apps = await t.ctx.db
      .selectFrom('apps')
      .select(['uri', 'name', 'name_en'])
      .where('system_id', 'is not', null)
      .execute();
    expect(apps.length).toBeGreaterThan(30);
    for (const a of apps) {
      expect(a.uri, 'no made-up *.demo.edu.cn address').toMatch(/^\/demo-external\/sys-[a-z]+\//);
      const res = await t.app.inject({ method: 'GET', url: a.uri });
      expect(res.statusCode, a.uri).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(a.name);
      expect(res.body).toContain(a.name_en);
    }
  });

  it('answers an unknown system with a 404 and escapes what it echoes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo-external/sys-nope/x' });
    expect(res.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/demo-external/sys-jwxt/%3Cscript%3E' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>');
  });
});
