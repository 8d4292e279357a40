import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { builtinDefinitionTemplates } from '@service-hall/engine';

import {
  ENDPOINTS,
  HOSTILE_PATTERNS,
  hostileRequests,
  INVALID_PATTERNS,
  knownIds,
  PATTERN_INPUTS,
  requestArb,
  seededRandom,
  SQL_INJECTION,
  tableDigest,
  type Endpoint,
  type FuzzRequest,
  type HostileKind,
  type KnownIds,
} from '../helpers/fuzz-requests.ts';
import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

// Item 10: property-based fuzzing of every REST endpoint and both GraphQL endpoints through app.inject.
// The default counts keep `npm test` short; `npm run test:long` (and FUZZ_RUNS=10000 by hand) runs the
// 10,000-request version on each database. FUZZ_SEED repeats a run.
const RUNS = { sqlite: Number(process.env.FUZZ_RUNS ?? 2_000), postgres: Number(process.env.FUZZ_RUNS ?? 800) };
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** The hostile cases' sample: FUZZ_SEED when given, else a new one each run (printed, and named in a failure). */
const HOSTILE_SEED = SEED ?? Math.floor(Math.random() * 2 ** 31);
const FUZZ_USERS = 30;
/** System administrators for the hostile cases of the administration routes, under the per-user rate limit. */
const FUZZ_ADMINS = 10;
const FUZZ_SYSTEMS = 3;

/**
 * What an answer must never show: a stack frame, a source or dependency path, this checkout's directory. Built
 * from the checkout's path at run time, so a leak is caught wherever the repository lives.
 */
const REPO_ROOT = new URL('../../../..', import.meta.url).pathname.replace(/\/$/, '');
const LEAK = new RegExp(
  String.raw`\bat [\w$.<>\[\] ]+ \(?[^\s()]+:\d+:\d+\)?|node_modules|node:internal|file:///|\.[cm]?[jt]s:\d+:\d+|${REPO_ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
);

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
      await t.ctx.db
        .insertInto('users')
        .values({
          id: `u-fuzz${i}`,
          account: `fuzz${i}`,
          name: `Fuzz ${i}`,
          name_en: `Fuzz ${i}`,
          email: `fuzz${i}@demo.edu.cn`,
          department_id: 'cs',
          enterprise_id: 'demo-university',
          roles: 'student',
          password_hash: null,
          disabled: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    ids = await knownIds(t.ctx.db);
    accounts.push(...ids.accounts);
    // Added after the rotation is read: the generated requests keep their mix of members and administrators.
    for (let i = 0; i < FUZZ_ADMINS; i++) {
      await t.ctx.db
        .insertInto('users')
        .values({
          id: `u-fuzzadmin${i}`,
          account: `fuzzadmin${i}`,
          name: `Fuzz admin ${i}`,
          name_en: `Fuzz admin ${i}`,
          email: `fuzzadmin${i}@demo.edu.cn`,
          department_id: 'it',
          enterprise_id: 'demo-university',
          roles: 'admin',
          password_hash: null,
          disabled: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    for (let i = 0; i < FUZZ_SYSTEMS; i++)
      await registerSystemClient(t, { systemId: 'fuzz-system', clientId: `fuzz-system-${i}` });
    digest = await tableDigest(t.ctx.db);
  });
  afterAll(async () => {
    console.log(
      `fuzz ${dialect} (hostile seed ${HOSTILE_SEED}): ${stats.requests} requests, ${stats.fiveHundreds} 5xx, ${stats.refused} refused; statuses ${JSON.stringify(Object.fromEntries(stats.statuses))}`,
    );
    await t?.close();
  });

  const token = async (account: string, scope?: string) => {
    const k = `${account} ${scope ?? ''}`;
    if (!tokens.has(k)) tokens.set(k, await t.tokenFor(account, { scope, expiresIn: '2h' }));
    return tokens.get(k)!;
  };
  const systemToken = async (i: number) => {
    const k = `system ${i}`;
    if (!tokens.has(k)) tokens.set(k, await systemTokenFor(t, `fuzz-system-${i}`));
    return tokens.get(k)!;
  };

  /** Sends one request; checks no 5xx, the error envelope on REST refusals, and that a refusal changed nothing. */
  const send = async (req: FuzzRequest) => {
    const headers = { ...req.headers };
    const account =
      req.account ??
      (req.endpoint.tag === 'admin' && req.auth === 'user'
        ? `fuzzadmin${stats.requests % FUZZ_ADMINS}`
        : accounts[stats.requests % accounts.length]!);
    if (req.auth === 'user') headers.authorization = `Bearer ${await token(account)}`;
    if (req.auth === 'narrow') headers.authorization = `Bearer ${await token(account, 'openid profile')}`;
    if (req.auth === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.';
    if (req.auth === 'system') headers.authorization = `Bearer ${await systemToken(stats.requests % FUZZ_SYSTEMS)}`;
    const res = await t.app.inject({ method: req.method as 'GET', url: req.url, headers, payload: req.payload });
    stats.requests++;
    stats.statuses.set(res.statusCode, (stats.statuses.get(res.statusCode) ?? 0) + 1);
    const shown =
      typeof req.payload === 'string' ? JSON.stringify(req.payload) : String(req.payload?.toString('latin1') ?? '');
    const what = `${req.method} ${req.url.slice(0, 300)} ${shown.slice(0, 300)} ${JSON.stringify(req.headers).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)} (hostile seed ${HOSTILE_SEED})`;
    if (res.statusCode >= 500) stats.fiveHundreds++;
    expect(res.statusCode, what).toBeLessThan(500);
    expect(res.body, `the answer shows a stack trace or an internal path: ${what}`).not.toMatch(LEAK);
    if (res.statusCode >= 400) {
      stats.refused++;
      if (!req.endpoint.graphql) {
        let body: { errno?: number; ecode?: string; entities?: unknown[]; code?: string } = {};
        try {
          body = JSON.parse(res.body);
        } catch {
          expect.fail(`not the JSON envelope: ${what}`);
        }
        expect(body.errno, what).not.toBe(0);
        expect(typeof body.ecode, what).toBe('string');
        expect(body.entities, what).toEqual([]);
        if (req.refusedWith && res.statusCode === 400) expect(body.ecode, what).toBe(req.refusedWith);
      }
      const after = await tableDigest(t.ctx.db);
      expect(after, `a refused request changed state: ${what}`).toBe(digest);
    } else if (req.method !== 'GET') {
      digest = await tableDigest(t.ctx.db);
    }
    return res;
  };

  it('lists every API route (the OpenAPI document and GraphQL) in the fuzzer’s endpoint table', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
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
    await fc.assert(
      fc.asyncProperty(requestArb(ids), async (req) => {
        await send(req);
      }),
      {
        numRuns: RUNS[dialect],
        endOnFailure: true,
        ...(SEED === undefined ? {} : { seed: SEED }),
      },
    );
  }, 600_000);

  it('survives SQL injection in every parameter, query key and body field', async () => {
    const fill = (ep: Endpoint, target: string, payload: string) => {
      let path = ep.path;
      for (const p of ep.params ?? [])
        path = path.replace(`:${p}`, encodeURIComponent(p === target ? payload : (ids.processes[0] ?? 'x')));
      const query = (ep.query ?? [])
        .filter((q) => q === target)
        .map((q) => `${q}=${encodeURIComponent(payload)}`)
        .join('&');
      const body = (ep.body ?? []).includes(target) ? new URLSearchParams({ [target]: payload }).toString() : undefined;
      return { path: query ? `${path}?${query}` : path, body };
    };
    for (const ep of ENDPOINTS.filter((e) => !e.graphql)) {
      for (const target of [...(ep.params ?? []), ...(ep.query ?? []), ...(ep.body ?? [])]) {
        for (const payload of SQL_INJECTION) {
          const { path, body } = fill(ep, target, payload);
          await send({
            method: ep.method,
            url: path,
            auth: 'user',
            endpoint: ep,
            payload: body,
            headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
          });
        }
      }
    }
    for (const payload of SQL_INJECTION) {
      for (const [ep, query] of [
        [
          ENDPOINTS.find((e) => e.path === '/graphql' && e.method === 'POST')!,
          'query($k: String) { processes(cate: "done", keyword: $k) { total } tasks(cate: "todo", keyword: $k) { total } process(id: $k) { id } }',
        ],
        [
          ENDPOINTS.find((e) => e.path === '/bus/graphql')!,
          'query($k: String) { guide(title: $k, keyword: $k, id: $k) { totalCount } }',
        ],
      ] as const) {
        await send({
          method: 'POST',
          url: ep.path,
          auth: 'user',
          endpoint: ep,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ query, variables: { k: payload } }),
        });
      }
    }
    // The tables are all still there and still hold the seed.
    expect(await tableDigest(t.ctx.db)).toBe(digest);
  }, 300_000);

  it('refuses duplicated parameters, arrays for scalars and __proto__ keys with 400', async () => {
    const task = ids.tasks[0]!;
    const cases: FuzzRequest[] = [
      { method: 'GET', url: '/api/me/tasks/todo?limit=1&limit=2', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      {
        method: 'GET',
        url: '/api/me/processes/doing?keyword=a&keyword=b',
        headers: {},
        auth: 'user',
        endpoint: ENDPOINTS[0]!,
      },
      { method: 'GET', url: '/api/me/tasks/todo?__proto__=1', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      {
        method: 'GET',
        url: '/api/me/processes/done?__proto__[x]=1',
        headers: {},
        auth: 'user',
        endpoint: ENDPOINTS[0]!,
      },
      { method: 'GET', url: '/api/me/apps?__proto__=1', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      {
        method: 'GET',
        url: '/api/me/profile?constructor[prototype][admin]=1',
        headers: {},
        auth: 'user',
        endpoint: ENDPOINTS[0]!,
      },
      {
        method: 'POST',
        url: `/api/task/${task}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'actionId=approve&actionId=reject',
        auth: 'user',
        endpoint: ENDPOINTS[0]!,
      },
      {
        method: 'POST',
        url: `/api/task/${task}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"actionId":["approve"]}',
        auth: 'user',
        endpoint: ENDPOINTS[0]!,
      },
      {
        method: 'POST',
        url: `/api/task/${task}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"actionId":"approve","__proto__":{"admin":true}}',
        auth: 'user',
        endpoint: ENDPOINTS[0]!,
      },
      {
        method: 'POST',
        url: `/api/task/${task}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'actionId=approve&__proto__=x',
        auth: 'user',
        endpoint: ENDPOINTS[0]!,
      },
      {
        method: 'PUT',
        url: '/api/process',
        headers: { 'content-type': 'application/json' },
        payload: '{"code":"leave","data":"{}","constructor":{"prototype":{"x":1}}}',
        auth: 'user',
        endpoint: ENDPOINTS[0]!,
      },
      {
        method: 'POST',
        url: '/api/user/lisi/entrustees',
        headers: { 'content-type': 'application/json' },
        payload: '{"entrusteeId":{"$ne":null},"from":1,"to":2}',
        auth: 'user',
        account: 'lisi',
        endpoint: ENDPOINTS[0]!,
      },
      {
        method: 'POST',
        url: '/api/user/lisi/entrustees',
        headers: { 'content-type': 'application/json' },
        payload: '{"entrusteeId":["wangwu","zhaoliu"],"from":1,"to":2}',
        auth: 'user',
        account: 'lisi',
        endpoint: ENDPOINTS[0]!,
      },
    ];
    // Found by this fuzzer on PostgreSQL: a NUL character anywhere used to end in a 500 (SQLSTATE 22021).
    cases.push(
      { method: 'PUT', url: '/api/me/preference/FavoriteApps/%00', headers: {}, auth: 'user', endpoint: ENDPOINTS[0]! },
      {
        method: 'GET',
        url: '/api/me/processes/doing?keyword=a%00b',
        headers: {},
        auth: 'user',
        endpoint: ENDPOINTS[0]!,
      },
      {
        method: 'POST',
        url: `/api/task/${task}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"actionId":"approve","remark":"\\u0000"}',
        auth: 'user',
        endpoint: ENDPOINTS[0]!,
      },
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
      method: 'POST',
      url: '/api/user/lisi/entrustees',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'entrusteeId=wangwu&from=100000000000000000000&to=100000000000000000001',
      auth: 'user',
      account: 'lisi',
      endpoint: ENDPOINTS[0]!,
    });
    expect(res.statusCode).toBeLessThan(500);
    if (dialect === 'postgres') expect(res.json().ecode).toBe('VALIDATION_FAILED');
  });

  it('refuses bodies over 256 KB with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = 'x'.repeat(300 * 1024);
    for (const [url, type, payload] of [
      ['/api/process', 'application/x-www-form-urlencoded', `code=leave&data=${big}`],
      ['/api/process', 'application/json', JSON.stringify({ code: 'leave', data: big })],
      [
        '/graphql',
        'application/json',
        JSON.stringify({ query: `{ tasks(cate: "todo", keyword: "${big}") { total } }` }),
      ],
    ] as const) {
      const res = await send({
        method: url === '/graphql' ? 'POST' : 'PUT',
        url,
        headers: { 'content-type': type },
        payload,
        auth: 'user',
        endpoint: ENDPOINTS[0]!,
      });
      expect(res.statusCode, url).toBe(413);
      if (url !== '/graphql') expect(res.json().ecode).toBe('PAYLOAD_TOO_LARGE');
    }
    expect(stats.fiveHundreds).toBe(0);
  });

  /** Sends the hostile sample of one kind; each endpoint gets its own stream, so a seed repeats one endpoint's cases. */
  const sendHostile = async (kind: HostileKind) => {
    const before = stats.requests;
    const requests = hostileRequests(ids, kind, seededRandom(HOSTILE_SEED));
    for (const req of requests) await send(req);
    // Every endpoint (GraphQL and the aliases included) was reached by this kind of case.
    const reached = new Set(requests.map((r) => `${r.method} ${r.endpoint.path}`));
    expect(ENDPOINTS.filter((e) => !reached.has(`${e.method} ${e.path}`)).map((e) => `${e.method} ${e.path}`)).toEqual(
      [],
    );
    expect(requests.some((r) => r.url.startsWith('/infoplus/'))).toBe(true);
    return stats.requests - before;
  };

  it('answers 10,000-level nesting in every body, field, JSON text and query key with a 4xx, never a 5xx', async () => {
    expect(await sendHostile('deep')).toBeGreaterThan(ENDPOINTS.length);
  }, 300_000);

  it('answers strings past their limit, 64 KB strings, Unicode edges and long headers in every field without a 5xx', async () => {
    expect(await sendHostile('huge')).toBeGreaterThan(ENDPOINTS.length);
  }, 300_000);

  it('answers catastrophic and invalid regular expressions in every string field and search without a 5xx', async () => {
    expect(await sendHostile('pattern')).toBeGreaterThan(ENDPOINTS.length);
  }, 300_000);

  it('publishes catastrophic patterns and matches 30-character near-misses against them; refuses invalid ones', async () => {
    const publishEp = ENDPOINTS.find((e) => e.method === 'POST' && e.path === '/api/admin/definitions')!;
    const startEp = ENDPOINTS.find((e) => e.method === 'PUT' && e.path === '/api/process')!;
    const withPattern = (pattern: unknown) => {
      const def = structuredClone(builtinDefinitionTemplates.find((d) => (d as { code: string }).code === 'leave')) as {
        form: { schema: { properties: Record<string, Record<string, unknown>> } };
      };
      def.form.schema.properties.reason = { ...def.form.schema.properties.reason, pattern };
      return JSON.stringify({ definition: def });
    };
    const publish = (payload: string) =>
      send({
        method: 'POST',
        url: '/api/admin/definitions',
        headers: { 'content-type': 'application/json' },
        payload,
        auth: 'user',
        account: 'fuzzadmin0',
        endpoint: publishEp,
      });
    for (const pattern of HOSTILE_PATTERNS) {
      const published = await publish(withPattern(pattern));
      expect(published.statusCode, `${pattern}: ${published.body}`).toBe(200);
      for (const reason of PATTERN_INPUTS) {
        const data = JSON.stringify({
          leaveType: 'personal',
          startDate: '2026-11-23',
          endDate: '2026-11-24',
          days: 2,
          reason,
        });
        const started = await send({
          method: 'PUT',
          url: '/api/process',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ code: 'leave', data }).toString(),
          auth: 'user',
          account: 'zhangsan',
          endpoint: startEp,
        });
        expect([200, 400], `${pattern} on ${reason}: ${started.body}`).toContain(started.statusCode);
        if (started.statusCode === 400)
          expect(started.json().details).toEqual([expect.objectContaining({ field: 'reason' })]);
      }
    }
    for (const pattern of [...INVALID_PATTERNS, 1, [], { source: 'a' }, null]) {
      const refused = await publish(withPattern(pattern));
      expect([pattern, refused.statusCode, refused.json().ecode]).toEqual([pattern, 400, 'VALIDATION_FAILED']);
    }
  }, 120_000);
});
