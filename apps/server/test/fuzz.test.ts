import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, testDialects, type TestApp } from './helpers/test-app.ts';
import {
  ENDPOINTS, SQL_INJECTION, knownIds, requestArb, tableDigest, type Endpoint, type FuzzRequest, type KnownIds,
} from './helpers/fuzz-requests.ts';

// Item 10: property-based fuzzing of every REST endpoint and both GraphQL endpoints through app.inject.
// The default counts keep `npm test` short; `npm run test:long` (and FUZZ_RUNS=10000 by hand) runs the
// 10,000-request version on each database. FUZZ_SEED repeats a run.
const RUNS = { sqlite: Number(process.env.FUZZ_RUNS ?? 2_000), postgres: Number(process.env.FUZZ_RUNS ?? 800) };
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const FUZZ_USERS = 30;

describe.each(testDialects())('fuzzing on %s', (dialect) => {
  let t: TestApp;
  let ids: KnownIds;
  const accounts: string[] = [];
  const tokens = new Map<string, string>();
  const stats = { requests: 0, fiveHundreds: 0, refused: 0, statuses: new Map<number, number>() };
  let digest = '';

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    // Extra accounts spread the requests under the per-user rate limit (600 a minute), so most reach the routes.
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < FUZZ_USERS; i++) {
      await t.ctx.db.insertInto('users').values({
        id: `u-fuzz${i}`, account: `fuzz${i}`, name: `Fuzz ${i}`, name_en: `Fuzz ${i}`, email: `fuzz${i}@demo.edu.cn`,
        department_id: 'cs', enterprise_id: 'demo-university', roles: 'student', password_hash: null, disabled: 0,
        created_at: now, updated_at: now,
      }).execute();
    }
    ids = await knownIds(t.ctx.db);
    accounts.push(...ids.accounts);
    digest = await tableDigest(t.ctx.db);
  });
  afterAll(async () => {
    console.log(`fuzz ${dialect}: ${stats.requests} requests, ${stats.fiveHundreds} 5xx, ${stats.refused} refused; statuses ${JSON.stringify(Object.fromEntries(stats.statuses))}`);
    await t?.close();
  });

  const token = async (account: string, scope?: string) => {
    const k = `${account} ${scope ?? ''}`;
    if (!tokens.has(k)) tokens.set(k, await t.tokenFor(account, { scope, expiresIn: '2h' }));
    return tokens.get(k)!;
  };

  /** Sends one request; checks no 5xx, the error envelope on REST refusals, and that a refusal changed nothing. */
  const send = async (req: FuzzRequest) => {
    const headers = { ...req.headers };
    const account = req.account ?? accounts[stats.requests % accounts.length]!;
    if (req.auth === 'user') headers.authorization = `Bearer ${await token(account)}`;
    if (req.auth === 'narrow') headers.authorization = `Bearer ${await token(account, 'openid profile')}`;
    if (req.auth === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.';
    const res = await t.app.inject({ method: req.method as 'GET', url: req.url, headers, payload: req.payload });
    stats.requests++;
    stats.statuses.set(res.statusCode, (stats.statuses.get(res.statusCode) ?? 0) + 1);
    const what = `${req.method} ${req.url} ${JSON.stringify(req.payload ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    if (res.statusCode >= 500) stats.fiveHundreds++;
    expect(res.statusCode, what).toBeLessThan(500);
    if (res.statusCode >= 400) {
      stats.refused++;
      if (!req.endpoint.graphql) {
        let body: { errno?: number; ecode?: string; entities?: unknown[]; code?: string } = {};
        try { body = JSON.parse(res.body); } catch { expect.fail(`not the JSON envelope: ${what}`); }
        expect(body.errno, what).not.toBe(0);
        expect(typeof body.ecode, what).toBe('string');
        expect(body.entities, what).toEqual([]);
      }
      const after = await tableDigest(t.ctx.db);
      expect(after, `a refused request changed state: ${what}`).toBe(digest);
    } else if (req.method !== 'GET') {
      digest = await tableDigest(t.ctx.db);
    }
    return res;
  };

  it('lists every API route (the OpenAPI document and GraphQL) in the fuzzer’s endpoint table', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const known = new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`));
    const missing: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const m of Object.keys(ops)) {
        const key = `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`;
        if (['/healthz', '/readyz', '/api/me/events'].includes(p)) continue;
        if (!known.has(key)) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
    expect(known.has('POST /graphql') && known.has('POST /bus/graphql')).toBe(true);
  });

  it(`answers ${RUNS[dialect]} generated requests without a 5xx; refused ones change nothing`, async () => {
    await fc.assert(fc.asyncProperty(requestArb(ids), async (req) => { await send(req); }), {
      numRuns: RUNS[dialect], endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }),
    });
  }, 600_000);

  it('survives SQL injection in every parameter, query key and body field', async () => {
    const fill = (ep: Endpoint, target: string, payload: string) => {
      let path = ep.path;
      for (const p of ep.params ?? []) path = path.replace(`:${p}`, encodeURIComponent(p === target ? payload : ids.processes[0] ?? 'x'));
      const query = (ep.query ?? []).filter((q) => q === target).map((q) => `${q}=${encodeURIComponent(payload)}`).join('&');
      const body = (ep.body ?? []).includes(target) ? new URLSearchParams({ [target]: payload }).toString() : undefined;
      return { path: query ? `${path}?${query}` : path, body };
    };
    for (const ep of ENDPOINTS.filter((e) => !e.graphql)) {
      for (const target of [...(ep.params ?? []), ...(ep.query ?? []), ...(ep.body ?? [])]) {
        for (const payload of SQL_INJECTION) {
          const { path, body } = fill(ep, target, payload);
          await send({
            method: ep.method, url: path, auth: 'user', endpoint: ep, payload: body,
            headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
          });
        }
      }
    }
    for (const payload of SQL_INJECTION) {
      for (const [ep, query] of [
        [ENDPOINTS.find((e) => e.path === '/graphql' && e.method === 'POST')!, 'query($k: String) { processes(cate: "done", keyword: $k) { total } tasks(cate: "todo", keyword: $k) { total } process(id: $k) { id } }'],
        [ENDPOINTS.find((e) => e.path === '/bus/graphql')!, 'query($k: String) { guide(title: $k, keyword: $k, id: $k) { totalCount } }'],
      ] as const) {
        await send({ method: 'POST', url: ep.path, auth: 'user', endpoint: ep, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables: { k: payload } }) });
      }
    }
    // The tables are all still there and still hold the seed.
    expect(await tableDigest(t.ctx.db)).toBe(digest);
  }, 300_000);

  it('refuses duplicated parameters, arrays for scalars and __proto__ keys with 400', async () => {
    const task = ids.tasks[0]!;
    const cases: FuzzRequest[] = [
      { method: 'GET', url: '/api/me/tasks/todo?limit=1&limit=2', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'GET', url: '/api/me/processes/doing?keyword=a&keyword=b', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'GET', url: '/api/me/tasks/todo?__proto__=1', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'GET', url: '/api/me/processes/done?__proto__[x]=1', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'GET', url: '/api/me/apps?__proto__=1', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'GET', url: '/api/me/profile?constructor[prototype][admin]=1', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'POST', url: `/api/task/${task}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'actionId=approve&actionId=reject', auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'POST', url: `/api/task/${task}`, headers: { 'content-type': 'application/json' }, payload: '{"actionId":["approve"]}', auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'POST', url: `/api/task/${task}`, headers: { 'content-type': 'application/json' }, payload: '{"actionId":"approve","__proto__":{"admin":true}}', auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'POST', url: `/api/task/${task}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'actionId=approve&__proto__=x', auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'PUT', url: '/api/process', headers: { 'content-type': 'application/json' }, payload: '{"code":"leave","data":"{}","constructor":{"prototype":{"x":1}}}', auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'POST', url: '/api/user/lisi/entrustees', headers: { 'content-type': 'application/json' }, payload: '{"entrusteeId":{"$ne":null},"from":1,"to":2}', auth: 'user', account: 'lisi', endpoint: ENDPOINTS[0]! },
      { method: 'POST', url: '/api/user/lisi/entrustees', headers: { 'content-type': 'application/json' }, payload: '{"entrusteeId":["wangwu","zhaoliu"],"from":1,"to":2}', auth: 'user', account: 'lisi', endpoint: ENDPOINTS[0]! },
    ];
    // Found by this fuzzer on PostgreSQL: a NUL character anywhere used to end in a 500 (SQLSTATE 22021).
    cases.push(
      { method: 'PUT', url: '/api/me/preference/FavoriteApps/%00', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'GET', url: '/api/me/processes/doing?keyword=a%00b', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      { method: 'POST', url: `/api/task/${task}`, headers: { 'content-type': 'application/json' }, payload: '{"actionId":"approve","remark":"\\u0000"}', auth: 'user', endpoint: ENDPOINTS[0]! },
    );
    for (const c of cases) {
      const res = await send(c);
      expect(res.statusCode, `${c.method} ${c.url} ${c.payload ?? ''}: ${res.body}`).toBe(400);
      expect(res.json().ecode).toBe('VALIDATION_FAILED');
    }
    expect(Object.prototype).not.toHaveProperty('admin');
    expect(Object.prototype).not.toHaveProperty('x');
  });

  it('refuses a number the database cannot hold without a 5xx', async () => {
    // 1e20 passes "integer ≥ 0" but overflows PostgreSQL's bigint (SQLSTATE 22003): a 400, never a 500.
    const res = await send({
      method: 'POST', url: '/api/user/lisi/entrustees', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'entrusteeId=wangwu&from=100000000000000000000&to=100000000000000000001', auth: 'user', account: 'lisi', endpoint: ENDPOINTS[0]!,
    });
    expect(res.statusCode).toBeLessThan(500);
    if (dialect === 'postgres') expect(res.json().ecode).toBe('VALIDATION_FAILED');
  });

  it('refuses bodies over 256 KB with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = 'x'.repeat(300 * 1024);
    for (const [url, type, payload] of [
      ['/api/process', 'application/x-www-form-urlencoded', `code=leave&data=${big}`],
      ['/api/process', 'application/json', JSON.stringify({ code: 'leave', data: big })],
      ['/graphql', 'application/json', JSON.stringify({ query: `{ tasks(cate: "todo", keyword: "${big}") { total } }` })],
    ] as const) {
      const res = await send({ method: url === '/graphql' ? 'POST' : 'PUT', url, headers: { 'content-type': type }, payload, auth: 'user', endpoint: ENDPOINTS[0]! });
      expect(res.statusCode, url).toBe(413);
      if (url !== '/graphql') expect(res.json().ecode).toBe('PAYLOAD_TOO_LARGE');
    }
    expect(stats.fiveHundreds).toBe(0);
  });
});
