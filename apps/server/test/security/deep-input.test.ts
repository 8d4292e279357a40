import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { builtinDefinitionTemplates } from '@service-hall/engine';

import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { countRows, form, formHeaders } from '../helpers/workflow-helpers.ts';

/** JSON text of a value nested `depth` levels: `{"a":{"a":…{}}}` or `[[…[]]]`. */
const nested = (depth: number, kind: 'object' | 'array' = 'object') =>
  kind === 'object' ? `${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe.each(testDialects())('deeply nested input on %s', (dialect) => {
  let t: TestApp;
  let finance: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    await registerSystemClient(t, { systemId: 'sys-cwxt', clientId: 'finance-client' });
    finance = await systemTokenFor(t, 'finance-client');
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectTooDeep = (res: { statusCode: number; body: string }, lang: 'zh' | 'en' = 'zh') => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    const body = JSON.parse(res.body) as { ecode: string; error: string };
    expect(body.ecode).toBe('INPUT_TOO_DEEP');
    expect(body.error).toBe(
      lang === 'zh' ? '请求内容嵌套过深（最多 64 层）' : 'The request is nested too deeply (at most 64 levels)',
    );
  };

  it('refuses form data nested 10,000 levels with 400 INPUT_TOO_DEEP, starting nothing', async () => {
    const before = await countRows(t, 'processes');
    const data = `{"leaveType":"personal","startDate":"2026-11-23","endDate":"2026-11-24","days":2,"reason":${nested(10_000, 'array')}}`;
    for (const lang of ['en', 'zh'] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/process',
        headers: { ...(await t.auth('zhangsan')), ...formHeaders, 'accept-language': lang },
        payload: form({ code: 'leave', data }),
      });
      expectTooDeep(res, lang);
      expect(res.json().details).toEqual([{ field: 'data', message: expect.any(String) }]);
    }
    // The same nesting in a JSON body itself, not inside the data text.
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/process',
      headers: { ...(await t.auth('zhangsan')), 'content-type': 'application/json' },
      payload: `{"code":"leave","data":"{}","extra":${nested(10_000)}}`,
    });
    expectTooDeep(res);
    expect(await countRows(t, 'processes')).toBe(before);
  });

  it('refuses a system’s pushed data nested 5,000 levels', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/integration/processes/BX-DEEP',
      headers: { authorization: `Bearer ${finance}`, 'content-type': 'application/json' },
      payload: `{"app":"invoice","owner":"zhangsan","name":"报销单","uri":"https://finance.example.edu/bx/1","data":${nested(5_000)}}`,
    });
    expectTooDeep(res);
  });

  it('refuses a definition nested 1,000 levels', async () => {
    const def = JSON.stringify(builtinDefinitionTemplates[0]).replace(/}$/, `,"x-extra":${nested(1_000)}}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/definitions',
      headers: { ...(await t.auth('wangwu')), 'content-type': 'application/json' },
      payload: `{"definition":${def}}`,
    });
    expectTooDeep(res);
  });

  it('refuses GraphQL variables nested 10,000 levels, in a POST body and in a GET query', async () => {
    const query = 'query($k: String) { tasks(cate: "todo", keyword: $k) { total } }';
    const post = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...(await t.auth('zhangsan')), 'content-type': 'application/json' },
      payload: `{"query":${JSON.stringify(query)},"variables":{"k":${nested(10_000)}}}`,
    });
    expect(post.statusCode, post.body.slice(0, 300)).toBe(400);
    expect(post.body).toContain('INPUT_TOO_DEEP');
    const get = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(`{"k":${nested(10_000)}}`)}`,
      headers: { ...(await t.auth('zhangsan')), accept: 'application/json' },
    });
    expect(get.statusCode, get.body.slice(0, 300)).toBeLessThan(500);
  });

  it('accepts real forms: nesting up to 64 levels is not refused for depth', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/process',
      headers: { ...(await t.auth('zhangsan')), 'content-type': 'application/json' },
      payload: `{"code":"leave","data":"{}","extra":${nested(62)}}`,
    });
    expect(res.json().ecode).not.toBe('INPUT_TOO_DEEP');
  });
});
