import net from 'node:net';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadOrCreateSigningKey } from '../../src/auth/signing-keys.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { seedDemo } from '../../src/seed/seed-demo.ts';
import { sleep } from '../helpers/crash-server.ts';
import { freshPostgresDatabase } from '../helpers/fresh-database.ts';
import { authorizeUrl, OidcBrowser, pkce, REDIRECT_URI } from '../helpers/oidc-browser.ts';
import { pgProxy, type PgProxy } from '../helpers/pg-proxy.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

// A PostgreSQL outage is answered with 503 and healed without a restart; Redis down does not stop actions.

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl && process.env.CI !== 'true')('PostgreSQL outage', () => {
  let built: BuiltApp;
  let handle: DatabaseHandle;
  let proxy: PgProxy;
  let drop: () => Promise<void>;
  let auth: Record<string, string>;
  let realUrl: string;

  beforeAll(async () => {
    if (!pgUrl) throw new Error('CI=true needs TEST_DATABASE_URL');
    const fresh = await freshPostgresDatabase('sh_crash');
    drop = fresh.drop;
    realUrl = fresh.url;
    const real = new URL(fresh.url);
    proxy = await pgProxy(real);
    const viaProxy = new URL(proxy.url(fresh.url));
    const config = loadConfig({
      DATABASE_URL: viaProxy.toString(),
      LOG_LEVEL: 'silent',
      SEED: 'none',
      PORT: '8080',
      START_QUOTA: 'off',
      API_RATE_LIMIT_PER_MINUTE: '100000',
    });
    handle = await openDatabase(viaProxy.toString());
    await migrateToLatest(handle.db);
    built = await buildApp(config, { database: handle });
    await seedDemo(built.ctx);
    await built.app.ready();
    // A token as the embedded IdP would sign it: the persisted key, our issuer and audience.
    const key = await loadOrCreateSigningKey(handle.db, built.ctx.now());
    const token = await new SignJWT({
      scope: 'openid profile task task_edit process submit',
      client_id: config.oidcClientId,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
      .setSubject('lisi')
      .setIssuer(`${config.publicUrl}/oidc`)
      .setAudience(config.apiAudience)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(key.privateKey);
    auth = { authorization: `Bearer ${token}` };
  });
  afterAll(async () => {
    await built?.close();
    await handle?.close().catch(() => undefined);
    await proxy?.close();
    await drop?.();
  });

  const todo = () => built.app.inject({ method: 'GET', url: '/api/me/tasks/todo', headers: auth });

  it('answers 503 STORAGE_UNAVAILABLE during the outage and recovers by itself afterwards', async () => {
    expect((await todo()).statusCode).toBe(200);
    await proxy.down();
    await sleep(100);
    // The account cache (15 s) may still know lisi; the list query then fails on the database.
    for (let i = 0; i < 3; i++) {
      const res = await todo();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ ecode: 'STORAGE_UNAVAILABLE', entities: [] });
      expect(res.body).not.toMatch(/ECONNREFUSED|terminated|127\.0\.0\.1|postgres/i);
    }
    const gql = await built.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: auth,
      payload: { query: '{ tasks(cate: "todo") { total } }' },
    });
    expect(gql.json().errors?.[0]?.extensions).toMatchObject({ ecode: 'STORAGE_UNAVAILABLE' });
    expect((await built.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    await proxy.up();
    let res = await todo();
    for (let i = 0; i < 50 && res.statusCode !== 200; i++) {
      await sleep(100);
      res = await todo();
    }
    expect(res.statusCode, res.body).toBe(200);
    expect((await built.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers sign-in with a 503 page saying why while the database is unreachable, and signs in afterwards', async () => {
    const browser = new OidcBrowser(built.app, { accept: 'text/html', 'accept-language': 'en' });
    const { challenge } = pkce();
    const signIn = async () =>
      browser.follow(
        await browser.request(
          'GET',
          authorizeUrl({ response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' }),
        ),
      );
    expect((await signIn()).statusCode).toBe(200);
    await proxy.down();
    try {
      const page = await signIn();
      expect(page.statusCode, page.body).toBe(503);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('The server cannot read or store data right now');
      const token = await browser.request(
        'POST',
        '/oidc/token',
        {
          grant_type: 'authorization_code',
          code: 'x',
          redirect_uri: REDIRECT_URI,
          client_id: 'service-hall',
          code_verifier: 'y',
        },
        { accept: 'application/json' },
      );
      expect(token.statusCode, token.body).toBe(503);
      expect(token.json()).toMatchObject({ ecode: 'STORAGE_UNAVAILABLE' });
    } finally {
      await proxy.up();
    }
    let page = await signIn();
    for (let i = 0; i < 50 && page.statusCode !== 200; i++) {
      await sleep(100);
      page = await signIn();
    }
    expect(page.statusCode, page.body).toBe(200);
  });

  it('answers /readyz 503 while the database does not answer at all, and 200 once it does', async () => {
    expect((await built.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    proxy.stall();
    try {
      // Without a bound the probe would wait as long as the database: its answer is the assertion.
      const probes = await Promise.all([0, 1, 2].map(() => built.app.inject({ method: 'GET', url: '/readyz' })));
      expect(probes.map((r) => r.statusCode)).toEqual([503, 503, 503]);
      expect(probes[0]!.json()).toEqual({ status: 'unavailable' });
    } finally {
      proxy.resume();
    }
    await expect
      .poll(async () => (await built.app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 10_000 })
      .toBe(200);
  }, 30_000);

  /** Ends this database's sessions in `state` from outside the server, as an operator's pg_terminate_backend does. */
  async function terminate(state: 'active' | 'idle in transaction'): Promise<number> {
    const admin = new pg.Client({ connectionString: realUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = $1`,
        [state],
      );
      return rows[0]!.n;
    } finally {
      await admin.end();
    }
  }

  it('survives a session terminated while it runs a statement', async () => {
    // A statement in flight (state active): it fails, the process does not.
    const sleeping = sql`SELECT pg_sleep(30)`.execute(handle.db).then(
      () => null,
      (e: unknown) => e,
    );
    await expect.poll(() => terminate('active')).toBeGreaterThan(0);
    expect(await sleeping).toMatchObject({ code: '57P01' });
    let res = await todo();
    for (let i = 0; i < 50 && res.statusCode !== 200; i++) {
      await sleep(100);
      res = await todo();
    }
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 503 to a request whose transaction is terminated while idle in transaction, and recovers', async () => {
    const task = ((await todo()).json().entities as Array<{ id: string; actions?: Array<{ id: string }> }>).find((t) =>
      t.actions?.some((a) => a.id === 'approve'),
    );
    expect(task).toBeDefined();
    // The reply to the first statement after a `begin` is held back: the backend has answered and waits for the
    // transaction's next statement (idle in transaction) while the server waits for that reply.
    let begun = false;
    let held: Promise<() => void> | undefined;
    const unobserve = handle.observeStatements!((text) => {
      if (begun && !held) held = proxy.holdNextReply();
      if (text === 'begin') begun = true;
    });
    const acted = built.app.inject({
      method: 'POST',
      url: `/api/task/${encodeURIComponent(task!.id)}`,
      headers: {
        ...auth,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': 'idle-in-transaction-1',
      },
      payload: 'actionId=approve&remark=',
    });
    await expect.poll(() => held !== undefined).toBe(true);
    const release = await held!;
    unobserve();
    await expect.poll(() => terminate('idle in transaction')).toBeGreaterThan(0);
    release();
    const res = await acted;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ ecode: 'STORAGE_UNAVAILABLE', entities: [] });
    // The dead connection left the pool: the same action, same key, goes through on a fresh one.
    let again = await built.app.inject({
      method: 'POST',
      url: `/api/task/${encodeURIComponent(task!.id)}`,
      headers: {
        ...auth,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': 'idle-in-transaction-1',
      },
      payload: 'actionId=approve&remark=',
    });
    for (let i = 0; i < 50 && again.statusCode >= 500; i++) {
      await sleep(100);
      again = await built.app.inject({
        method: 'POST',
        url: `/api/task/${encodeURIComponent(task!.id)}`,
        headers: {
          ...auth,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': 'idle-in-transaction-1',
        },
        payload: 'actionId=approve&remark=',
      });
    }
    expect(again.statusCode, again.body).toBe(200);
    expect((await built.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('Redis unreachable', () => {
  it('starts, commits actions and answers reads with REDIS_URL pointing nowhere', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    try {
      const w = workflowClient(t);
      const started = await w.start('zhangsan', 'leave', leaveData, { 'idempotency-key': 'redis-down-1' });
      expect(started.statusCode, started.body).toBe(200);
      const task = (await w.todo('lisi')).entities.find(
        (x: { process: { id: string } }) => x.process.id === started.json().entities[0].id,
      );
      expect((await w.act('lisi', task.id, 'approve')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
