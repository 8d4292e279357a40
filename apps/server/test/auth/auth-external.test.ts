import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, httpLayerDialects, type TestApp } from '../helpers/test-app.ts';

type Document = 'discovery' | 'certs' | 'userinfo';

/** 32 MB of padding inside a JSON document that is otherwise what the IdP would answer. */
const PAD_BYTES = 32 * 1024 * 1024;
/** Body bytes the IdP may hand its socket beyond what the server read: the kernel's buffers on loopback. */
const SOCKET_BUFFERS = 15 * 1024 * 1024;

/**
 * A stand-in institutional IdP: discovery, JWKS and userinfo over real HTTP, as the server fetches them. Userinfo
 * answers for access tokens listed in `userinfo` (keyed by the token), 401 otherwise. A document named in
 * `oversize` is answered padded to 32 MB, sent as fast as it is read; `sent` records how much of it went out.
 */
async function fakeIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'inst-1', alg: 'ES256', use: 'sig' };
  let issuer = '';
  const userinfo = new Map<string, Record<string, unknown>>();
  const userinfoCalls: string[] = [];
  const oversize = new Set<Document>();
  const sent: Array<{ document: Document; bytes: number; finished: boolean }> = [];

  /** Answers `doc`, padded to 32 MB when it is oversize: written with back-pressure until the reader closes. */
  async function answer(res: http.ServerResponse, document: Document, doc: Record<string, unknown>) {
    if (!oversize.has(document)) return void res.end(JSON.stringify(doc));
    const record = { document, bytes: 0, finished: false };
    sent.push(record);
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    const write = async (chunk: string | Buffer) => {
      record.bytes += chunk.length;
      if (res.write(chunk)) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    };
    await write(`${JSON.stringify(doc).slice(0, -1)},"pad":"`);
    const block = Buffer.alloc(64 * 1024, 'x');
    while (!closed && record.bytes < PAD_BYTES) await write(block);
    if (closed) return;
    record.finished = true;
    res.end('"}');
  }

  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/realms/uni/.well-known/openid-configuration') {
      void answer(res, 'discovery', { issuer, jwks_uri: `${issuer}/certs`, userinfo_endpoint: `${issuer}/userinfo` });
    } else if (req.url === '/realms/uni/certs') {
      void answer(res, 'certs', { keys: [jwk] });
    } else if (req.url === '/realms/uni/userinfo') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      userinfoCalls.push(token);
      const info = userinfo.get(token);
      res.statusCode = info ? 200 : 401;
      if (info) void answer(res, 'userinfo', info);
      else res.end(JSON.stringify({ error: 'invalid_token' }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/uni`;
  return {
    issuer,
    privateKey: privateKey as CryptoKey,
    userinfo,
    userinfoCalls,
    oversize,
    sent,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(r);
      }),
  };
}

describe.each(httpLayerDialects())("an institution's own IdP on %s", (dialect) => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof fakeIssuer>>;
  const token = (sub: string, claims: Record<string, unknown> = {}) =>
    new SignJWT({ scope: 'openid profile task', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'inst-1' })
      .setSubject(sub)
      .setIssuer(idp.issuer)
      .setAudience(t.config.apiAudience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(idp.privateKey);

  beforeAll(async () => {
    idp = await fakeIssuer();
    t = await createTestApp({ dialect, env: { OIDC_ISSUER: idp.issuer } });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('accepts its tokens and provisions a first-time member from the claims', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { authorization: `Bearer ${await token('t2024001', { name: '新同学', email: 'new@uni.edu' })}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().entities[0]).toMatchObject({
      account: 't2024001',
      name: '新同学',
      email: 'new@uni.edu',
      enterprise: { id: 'demo-university' },
      roles: [],
    });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { authorization: `Bearer ${await token('t2024001')}` },
    });
    expect(again.json().entities[0].id).toBe(res.json().entities[0].id);
  });

  it('knows existing accounts and refuses tokens of our embedded issuer', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { authorization: `Bearer ${await token('zhangsan')}` },
    });
    expect(ok.json().entities[0].name).toBe('张三');
    const embedded = await t.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: await t.auth('zhangsan', 'profile'),
    });
    expect(embedded.statusCode).toBe(401);
  });

  it('publishes the institution as the authority in config.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.json().oidc.authority).toBe(idp.issuer);
  });
});

/** Keycloak- and Entra-style tokens: a UUID `sub`, the account in another claim, scopes in `scp`, roles nested. */
describe.each(httpLayerDialects())('an IdP whose tokens use scp and a UUID sub, on %s', (dialect) => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof fakeIssuer>>;
  const AUDIENCE = 'api://service-hall';
  const token = (claims: Record<string, unknown>) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'inst-1' })
      .setSubject(String(claims.sub ?? randomUUID()))
      .setIssuer(idp.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(idp.privateKey);
  const profile = async (access: string) =>
    t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { authorization: `Bearer ${access}` } });

  beforeAll(async () => {
    idp = await fakeIssuer();
    t = await createTestApp({
      dialect,
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_AUDIENCE: `${AUDIENCE},other-api`,
        OIDC_USERNAME_CLAIM: 'campus_id',
        OIDC_ROLES_CLAIM: 'realm_access.roles',
        OIDC_DEPARTMENT_CLAIM: 'dept',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('signs a new member in with scp as an array, provisioned from userinfo (name, e-mail, department)', async () => {
    const sub = randomUUID();
    const access = await token({ sub, campus_id: 's2025007', scp: ['openid', 'profile', 'task'] });
    idp.userinfo.set(access, { sub, name: '王小明', email: 'wxm@uni.edu', dept: '计算机学院' });
    const res = await profile(access);
    expect(res.statusCode, res.body).toBe(200);
    const me = res.json().entities[0];
    expect(me).toMatchObject({ account: 's2025007', name: '王小明', email: 'wxm@uni.edu', roles: [] });
    expect(me.department).toBe('计算机学院');
    expect(idp.userinfoCalls).toContain(access);
    // Userinfo is asked once, when the member is first provisioned; the UUID never becomes an account.
    const calls = idp.userinfoCalls.length;
    expect((await profile(await token({ sub, campus_id: 's2025007', scp: 'openid profile task' }))).statusCode).toBe(
      200,
    );
    expect(idp.userinfoCalls.length).toBe(calls);
    const rows = await t.ctx.db.selectFrom('users').select('account').where('account', '=', sub).execute();
    expect(rows).toEqual([]);
  });

  it('reads scp as a space-separated string and refuses a route whose scope it lacks', async () => {
    const access = await token({ campus_id: 'zhangsan', scp: 'openid task' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me/tasks/todo', headers: { authorization: `Bearer ${access}` } }))
        .statusCode,
    ).toBe(200);
    const denied = await profile(access);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().ecode).toBe('ACCESS_TOKEN_SCOPE_INVALID');
  });

  it('falls back to sub when the username claim is missing, and to the token claims when userinfo refuses', async () => {
    const access = await token({ sub: 'legacy-account-7', scope: ['profile'], name: '旧账号' });
    const res = await profile(access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entities[0]).toMatchObject({ account: 'legacy-account-7', name: '旧账号' });
  });

  it('takes roles from the roles claim and keeps them in step with the IdP', async () => {
    const claims = { campus_id: 't2025100', scp: ['profile'], name: '新老师' };
    const first = await profile(await token({ ...claims, realm_access: { roles: ['admin', 'counsellor'] } }));
    expect(first.json().entities[0].roles).toEqual(['admin', 'counsellor']);
    t.app.userDirectory.forget('t2025100');
    const later = await profile(await token({ ...claims, realm_access: { roles: ['counsellor'] } }));
    expect(later.json().entities[0].roles).toEqual(['counsellor']);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('roles')
      .where('account', '=', 't2025100')
      .executeTakeFirstOrThrow();
    expect(row.roles).toBe('counsellor');
  });

  it('accepts every configured audience and refuses others', async () => {
    const other = await new SignJWT({ campus_id: 'zhangsan', scp: ['profile'] })
      .setProtectedHeader({ alg: 'ES256', kid: 'inst-1' })
      .setSubject(randomUUID())
      .setIssuer(idp.issuer)
      .setAudience('other-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(idp.privateKey);
    expect((await profile(other)).statusCode).toBe(200);
    const wrong = await new SignJWT({ campus_id: 'zhangsan', scp: ['profile'] })
      .setProtectedHeader({ alg: 'ES256', kid: 'inst-1' })
      .setSubject(randomUUID())
      .setIssuer(idp.issuer)
      .setAudience(t.config.publicUrl + '/api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(idp.privateKey);
    expect((await profile(wrong)).statusCode).toBe(401);
  });
});

describe.each(httpLayerDialects())('an IdP answering documents without end, on %s', (dialect) => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof fakeIssuer>>;
  const token = (claims: Record<string, unknown>) =>
    new SignJWT({ scope: 'openid profile task', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'inst-1' })
      .setSubject(String(claims.sub))
      .setIssuer(idp.issuer)
      .setAudience(t.config.apiAudience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(idp.privateKey);
  const profile = async (access: string) =>
    t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { authorization: `Bearer ${access}` } });
  /** Every oversize answer was cut by the reader: never sent whole, never more than the cap and the socket's buffers. */
  const expectCut = (document: Document) => {
    const answers = idp.sent.filter((x) => x.document === document);
    expect(answers.length, document).toBeGreaterThan(0);
    for (const a of answers) {
      expect(a.finished, document).toBe(false);
      expect(a.bytes, document).toBeLessThan(1024 * 1024 + SOCKET_BUFFERS);
    }
  };

  beforeAll(async () => {
    idp = await fakeIssuer();
    t = await createTestApp({ dialect, env: { OIDC_ISSUER: idp.issuer } });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('refuses tokens while discovery or the keys answer more than the cap, and recovers when they stop', async () => {
    const access = await token({ sub: 'zhangsan' });
    idp.oversize.add('discovery');
    expect((await profile(access)).statusCode).toBe(401);
    expectCut('discovery');
    idp.oversize.delete('discovery');
    idp.oversize.add('certs');
    expect((await profile(access)).statusCode).toBe(401);
    expectCut('certs');
    idp.oversize.delete('certs');
    const ok = await profile(access);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().entities[0].name).toBe('张三');
  });

  it("provisions a member from the token's claims when userinfo answers more than the cap", async () => {
    const access = await token({ sub: 's2025900', name: '令牌中的名字' });
    idp.userinfo.set(access, { sub: 's2025900', name: '超大应答中的名字' });
    idp.oversize.add('userinfo');
    const res = await profile(access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entities[0]).toMatchObject({ account: 's2025900', name: '令牌中的名字' });
    expectCut('userinfo');
  });
});
