import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { seedDemo } from '../../src/seed/seed-demo.ts';
import { authorizeUrl, OidcBrowser } from '../helpers/oidc-browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

/** Signs lisi in through the sign-in page (implicit flow); returns the tokens of the fragment. */
async function signIn(browser: OidcBrowser) {
  const page = await browser.follow(await browser.request('GET', authorizeUrl({ response_type: 'id_token token' })));
  const action = /action="([^"]+)"/.exec(page.body)![1]!;
  const res = await browser.follow(await browser.request('POST', action, { username: 'lisi', password: 'demo123' }));
  const fragment = new URLSearchParams(new URL(String(res.headers.location)).hash.slice(1));
  return { access: fragment.get('access_token')!, id: fragment.get('id_token')! };
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

/** Opens the push stream and returns a promise that resolves when the server ends it. */
async function openStream(base: string, token: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/me/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let ended = false;
  void (async () => {
    try {
      while (!(await reader.read()).done) {
        /* keep reading */
      }
      ended = true;
    } catch {
      /* aborted */
    }
  })();
  return { abort, ended: () => ended };
}

/** Logout, disabling, Redis down, a full disk, an unwritable database, scopes. */
describe('access ends on logout and on disabling, on every instance', () => {
  const file = path.join(os.tmpdir(), `sh-h19-${randomBytes(6).toString('hex')}.sqlite`);
  const config = loadConfig({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent', SEED: 'demo', PORT: '8080' });
  let a: BuiltApp;
  let b: BuiltApp;
  let baseB: string;
  beforeAll(async () => {
    a = await buildApp(config);
    await seedDemo(a.ctx);
    b = await buildApp(config);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const s of ['', '-wal', '-shm']) fs.rmSync(file + s, { force: true });
  });

  const profile = (app: BuiltApp, token: string) =>
    app.app.inject({ method: 'GET', url: '/api/me/profile', headers: { authorization: `Bearer ${token}` } });

  it('ends the access token and its push stream on both instances within seconds of a logout', async () => {
    const browser = new OidcBrowser(a.app);
    const { access, id } = await signIn(browser);
    expect((await profile(a, access)).statusCode).toBe(200);
    expect((await profile(b, access)).statusCode).toBe(200);
    const stream = await openStream(baseB, access);

    const end = await browser.request(
      'GET',
      `/oidc/session/end?${new URLSearchParams({
        id_token_hint: id,
        post_logout_redirect_uri: 'http://localhost:8080/',
        client_id: 'service-hall',
      })}`,
    );
    const action = /<form[^>]*action="([^"]+)"/.exec(end.body)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(end.body)![1]!;
    expect((await browser.request('POST', action, { xsrf, logout: 'yes' })).statusCode).toBe(303);

    await waitFor(async () => (await profile(a, access)).statusCode === 401, 20_000);
    const onB = await waitFor(async () => (await profile(b, access)).statusCode === 401, 20_000);
    const streamEnded = await waitFor(async () => stream.ended(), 20_000);
    console.info(
      `logout: refused on the other instance after ${onB} ms, its stream closed after ${streamEnded} ms more`,
    );
    stream.abort.abort();
    // The same token with its signature spelt differently (last base64url character's spare bits) is refused too.
    const last = access.at(-1)!;
    const alt =
      access.slice(0, -1) + ('AEIMQUYcgkosw048'.includes(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : last);
    expect((await profile(a, alt)).statusCode).toBe(401);
  });

  it('closes a disabled account’s push stream within seconds', async () => {
    const { access } = await signIn(new OidcBrowser(a.app));
    const stream = await openStream(baseB, access);
    await a.ctx.db.updateTable('users').set({ disabled: 1 }).where('account', '=', 'lisi').execute();
    try {
      const ms = await waitFor(async () => stream.ended(), 20_000);
      console.info(`disabled: stream closed after ${ms} ms`);
    } finally {
      stream.abort.abort();
      await a.ctx.db.updateTable('users').set({ disabled: 0 }).where('account', '=', 'lisi').execute();
    }
  });
});

describe('operations under failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  // 650 requests one after another, each trying the unreachable Redis first: 13–15 s on an idle machine, 24–31 s
  // while the CI's unit, e2e and release stages share two cores (the fresh-clone runs failed it at the 30 s default).
  it('keeps rate limits per instance when Redis is unreachable', async () => {
    const noRedis = await createTestApp({ seed: true, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const headers = await noRedis.auth('lisi');
      const statuses = new Map<number, number>();
      for (let i = 0; i < 650; i++) {
        const res = await noRedis.app.inject({ method: 'GET', url: '/api/me/profile', headers });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      }
      console.info(`650 requests with Redis down: ${JSON.stringify(Object.fromEntries(statuses))}`);
      expect(statuses.get(200)).toBe(600);
      expect(statuses.get(429)).toBe(50);
    } finally {
      await noRedis.close();
    }
  }, 90_000);

  it('answers a full disk with 503 STORAGE_UNAVAILABLE in the user’s language, and /readyz fails', async () => {
    const w = workflowClient(t);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // A real SQLITE_FULL: the file may not grow by another page.
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(t.ctx.db)).rows[0]!.page_count;
    await sql.raw(`pragma max_page_count = ${pages}`).execute(t.ctx.db);
    try {
      let res;
      for (let i = 0; i < 200; i++) {
        res = await w.start(
          'zhangsan',
          'leave',
          { ...leaveData, reason: 'x'.repeat(400) },
          { 'accept-language': 'en' },
        );
        if (res.statusCode !== 200) break;
      }
      expect(res!.statusCode).toBe(503);
      expect(res!.json()).toMatchObject({
        ecode: 'STORAGE_UNAVAILABLE',
        errno: 50302,
        error: expect.stringMatching(/cannot read or store data/),
      });
      const zh = await w.start('zhangsan', 'leave', { ...leaveData, reason: 'y'.repeat(400) });
      expect(zh.json().error).toMatch(/存储空间/);
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'storage' });
    } finally {
      await sql.raw('pragma max_page_count = 4294967294').execute(t.ctx.db);
    }
  });

  it('needs profile_edit to mark a notification read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/notifications/n-any/read',
      headers: await t.auth('lisi', 'profile'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().ecode).toBe('ACCESS_TOKEN_SCOPE_INVALID');
  });

  it('refuses to start on a database file it cannot write, naming the file, and leaves no -wal/-shm behind', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sh-ro-'));
    const dbFile = path.join(dir, 'hall.sqlite');
    fs.writeFileSync(dbFile, '');
    fs.chmodSync(dir, 0o777);
    fs.chmodSync(dbFile, 0o444);
    const script =
      `import('${path.resolve(import.meta.dirname, '../../src/db/database.ts')}').then((m) => m.openDatabase('sqlite:${dbFile}'))` +
      `.then(() => console.log('opened'), (e) => console.log('refused: ' + e.message))`;
    // Root may write anything: run the start as nobody, as a misconfigured service user would.
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
      ...asUser,
      encoding: 'utf8',
      cwd: path.resolve(import.meta.dirname, '../..'),
    });
    expect(out).toContain(`refused: the database file ${dbFile} is not writable`);
    expect(fs.readdirSync(dir)).toEqual(['hall.sqlite']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
