import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

const URL = '/api/me/preference/FavoriteApps';

describe.each(testDialects())('favourite apps on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (account: string, method: 'GET' | 'PUT' | 'DELETE', id = '') => {
    const res = await t.app.inject({ method, url: id ? `${URL}/${id}` : URL, headers: await t.auth(account) });
    return {
      status: res.statusCode,
      body: res.json() as { errno: number; ecode?: string; entities: Array<{ FavoriteApps: string[] }> },
    };
  };
  const list = async (account: string) => (await call(account, 'GET')).body.entities[0]!.FavoriteApps;

  it('starts empty', async () => {
    const res = await call('zhangsan', 'GET');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ errno: 0, ecode: 'SUCCEED', error: '', entities: [{ FavoriteApps: [] }] });
  });

  it('adds, keeps order, and is idempotent', async () => {
    expect((await call('zhangsan', 'PUT', 'app-leave')).body.entities[0]!.FavoriteApps).toEqual(['app-leave']);
    await call('zhangsan', 'PUT', 'app-grades');
    const again = await call('zhangsan', 'PUT', 'app-leave');
    expect(again.status).toBe(200);
    expect(again.body.errno).toBe(0);
    expect(await list('zhangsan')).toEqual(['app-leave', 'app-grades']);
  });

  it('removes, and removing a missing one succeeds', async () => {
    expect((await call('zhangsan', 'DELETE', 'app-leave')).status).toBe(200);
    expect(await list('zhangsan')).toEqual(['app-grades']);
    const missing = await call('zhangsan', 'DELETE', 'app-leave');
    expect(missing.status).toBe(200);
    expect(missing.body.errno).toBe(0);
    expect(await list('zhangsan')).toEqual(['app-grades']);
  });

  it('refuses an unknown app with 404', async () => {
    const res = await call('zhangsan', 'PUT', 'app-no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ecode: 'NOT_FOUND', entities: [] });
    expect(await list('zhangsan')).toEqual(['app-grades']);
  });

  it("leaves another user's list alone", async () => {
    await call('lisi', 'PUT', 'app-reimburse');
    expect(await list('lisi')).toEqual(['app-reimburse']);
    expect(await list('zhangsan')).toEqual(['app-grades']);
  });

  it('loses no update when many land at once', async () => {
    const ids = [
      'app-tuition',
      'app-salary',
      'app-invoice',
      'app-vpn',
      'app-email',
      'app-seal',
      'app-overtime',
      'app-visitor',
    ];
    const results = await Promise.all(ids.map((id) => call('wangwu', 'PUT', id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await list('wangwu')).sort()).toEqual([...ids].sort());
  });

  it('needs profile to read and profile_edit to change', async () => {
    const read = await t.app.inject({ method: 'GET', url: URL, headers: await t.auth('zhangsan', 'openid app') });
    expect(read.statusCode).toBe(403);
    const write = await t.app.inject({
      method: 'PUT',
      url: `${URL}/app-leave`,
      headers: await t.auth('zhangsan', 'openid profile'),
    });
    expect(write.statusCode).toBe(403);
  });
});
