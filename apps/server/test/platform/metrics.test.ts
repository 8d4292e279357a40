import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLoggedApp, type LoggedApp } from '../helpers/logged-app.ts';
import { authorizeUrl, OidcBrowser, pkce } from '../helpers/oidc-browser.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const TOKEN = 'scrape-secret-0123456789';

/** One sample's value from a Prometheus text exposition (labels as written, e.g. `{state="idle"}`). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

describe.each(testDialects())('metrics behind a token on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t.close();
  });
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a scrape without the token or with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret-0123456780' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_request_duration');
  });

  it('counts requests per route pattern, not per URL', async () => {
    const headers = await t.auth('lisi');
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/me/tasks/todo?start=${i}`, headers });
    await t.app.inject({ method: 'GET', url: '/api/process/p-does-not-exist', headers });
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/me/tasks/todo',
        method: 'GET',
        status: '200',
      }),
    ).toBe(3);
    expect(text).toContain('route="/api/process/:id"');
    expect(text).not.toContain('p-does-not-exist');
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.005",/m);
  });

  it('reports event-loop lag, the database and open push streams', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).not.toBeNull();
    expect(sample(text, 'servicehall_push_streams')).toBe(0);
    if (dialect === 'postgres') {
      expect(sample(text, 'servicehall_db_pool_max')).toBe(10);
      expect(sample(text, 'servicehall_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'servicehall_db_pool_waiting')).toBe(0);
    } else {
      expect(sample(text, 'servicehall_sqlite_file_bytes')).toBeGreaterThan(0);
      expect(sample(text, 'servicehall_sqlite_wal_bytes')).not.toBeNull();
      expect(sample(text, 'servicehall_sqlite_group_commit_flushes_total')).not.toBeNull();
      expect(sample(text, 'servicehall_sqlite_wal_restarts_total')).toBe(0);
    }
  });

  it('counts open push streams over real HTTP', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const { authorization } = await t.auth('lisi');
    const req = http.get({ port, host: '127.0.0.1', path: '/api/me/events', headers: { authorization } });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
    await new Promise((r) => res.once('data', r));
    expect(sample(await scrape(), 'servicehall_push_streams')).toBe(1);
    req.destroy();
    await expect.poll(async () => sample(await scrape(), 'servicehall_push_streams')).toBe(0);
  });

  it('counts refused sign-ins by reason, never by account', async () => {
    const browser = new OidcBrowser(t.app);
    const page = await browser.follow(
      await browser.request(
        'GET',
        authorizeUrl({ response_type: 'code', code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
      ),
    );
    const action = /action="([^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    expect((await browser.request('POST', action, { username: 'lisi', password: 'not-her-password' })).statusCode).toBe(
      401,
    );
    expect((await browser.request('POST', action, { username: 'lisi', password: '' })).statusCode).toBe(401);
    const text = await scrape();
    expect(sample(text, 'servicehall_signin_failures_total', { reason: 'bad_credentials' })).toBe(1);
    expect(sample(text, 'servicehall_signin_failures_total', { reason: 'missing' })).toBe(1);
    expect(text).not.toMatch(/servicehall_signin_failures_total\{[^}]*lisi/);
  });

  it('counts notifications once their change has committed, by kind', async () => {
    const assigned = async () =>
      sample(await scrape(), 'servicehall_notifications_total', { kind: 'task.assigned' }) ?? 0;
    const before = await assigned();
    // A start the form refuses writes nothing and notifies nobody.
    expect((await workflowClient(t).start('zhangsan', 'leave', {})).statusCode).toBe(400);
    expect(await assigned()).toBe(before);
    // The leave's first step is assigned to one approver: one notification.
    expect((await workflowClient(t).start('zhangsan', 'leave', leaveData)).statusCode).toBe(200);
    expect(await assigned()).toBe(before + 1);
  });

  it('counts idempotency replays and rate-limit refusals', async () => {
    const w = workflowClient(t);
    const key = { 'idempotency-key': 'metrics-replay-1' };
    const first = await w.start('zhangsan', 'leave', leaveData, key);
    const again = await w.start('zhangsan', 'leave', leaveData, key);
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(sample(await scrape(), 'servicehall_idempotency_replays_total')).toBe(1);

    const anonymous = { 'x-forwarded-for': '203.0.113.77' };
    let refused = 0;
    for (let i = 0; i < 3005 && refused === 0; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/nope', headers: anonymous });
      if (res.statusCode === 429) refused++;
    }
    expect(refused).toBe(1);
    expect(sample(await scrape(), 'servicehall_rate_limited_total', { key: 'address' })).toBe(1);
  });
});

describe('metrics switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /metrics with the JSON 404 envelope, token or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ecode: 'NOT_FOUND' });
  });
});

describe('metrics on a separate port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves them there without a token, and not on the main port', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const { port } = t.app.metricsAddress()!;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(sample(await res.text(), 'http_request_duration_seconds_count', { route: '/healthz' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('request ids in answers and logs', () => {
  let t: LoggedApp;
  beforeAll(async () => {
    t = await createLoggedApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const linesOf = (id: string) =>
    t.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => JSON.stringify(l).includes(id));

  it('keeps a well-formed X-Request-Id, echoes it, and puts it in every log line of the request', async () => {
    const id = 'edge-7f3a9c21-req';
    const res = await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe(id);
    const lines = linesOf(id);
    // incoming request, the refusal (a security event) and the completion
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line.reqId).toBe(id);
    expect(lines.some((l) => l.security === true)).toBe(true);
  });

  it('replaces a malformed or over-long id with a UUID', async () => {
    for (const bad of ['short', 'has spaces in it', `x${'a'.repeat(200)}`, 'semi;colon-id-123', 'ünïcode-id-1234']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    const none = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not log health probes at info', async () => {
    const before = t.lines.length;
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(t.lines.slice(before).filter((l) => /healthz|readyz/.test(l))).toEqual([]);
    await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(t.lines.slice(before).some((l) => l.includes('/config.json'))).toBe(true);
  });
});
