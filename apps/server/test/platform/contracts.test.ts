import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The parsing policy of docs/adr/0014-one-contract-per-route.md, applied by the route contracts on every route.
describe('parsing policy of the route contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async (url: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url, headers: { ...(await t.auth('zhangsan')), 'accept-language': lang } });

  it('drops an empty keyword and empty timestamps, and ignores unknown parameters such as cache-busters', async () => {
    const plain = await get('/api/me/processes/done');
    const res = await get('/api/me/processes/done?timestamps=&keyword=&_=123');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(plain.json().total);
    expect(res.json().total).toBeGreaterThan(0);
  });

  it('refuses a known parameter with a wrong shape, naming it as a query parameter', async () => {
    const res = await get('/api/me/processes/done?limit=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ecode: 'VALIDATION_FAILED',
      error: 'The request is invalid',
      entities: [],
      details: [{ field: 'limit', in: 'query' }],
    });
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/task/some-task',
      headers: await t.auth('lisi'),
      payload: { actionId: '' },
    });
    expect(body.json().details).toMatchObject([{ field: 'actionId', in: 'body' }]);
  });

  it('accepts true/false/1/0 for booleans', async () => {
    const unread = (await get('/api/me/processes/cc?unread=true')).json().total;
    expect((await get('/api/me/processes/cc?unread=1')).json().total).toBe(unread);
    const all = (await get('/api/me/processes/cc?unread=0')).json().total;
    expect((await get('/api/me/processes/cc')).json().total).toBe(all);
    expect((await get('/api/me/processes/cc?unread=yes')).statusCode).toBe(400);
  });

  it('serialises only the documented fields', async () => {
    const res = await get('/api/me/tasks/todo');
    expect(Object.keys(res.json()).sort()).toEqual(['ecode', 'entities', 'errno', 'error', 'total']);
  });
});
