import { Writable } from 'node:stream';
import { base64url, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app.ts';
import { loadOrCreateSigningKey } from '../../src/auth/signing-keys.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { createTestApp, httpLayerDialects, type TestApp } from '../helpers/test-app.ts';

const PROFILE = '/api/me/profile';

describe.each(httpLayerDialects())('bearer authentication on %s', (dialect) => {
  let t: TestApp;
  const get = (headers: Record<string, string> = {}, url = PROFILE) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const expectRefused = (res: Awaited<ReturnType<typeof get>>, ecode = 'ACCESS_TOKEN_INVALID') => {
    expect(res.statusCode).toBe(ecode === 'ACCESS_TOKEN_SCOPE_INVALID' ? 403 : 401);
    expect(res.json()).toMatchObject({ ecode, entities: [] });
    if (ecode !== 'ACCESS_TOKEN_SCOPE_INVALID') {
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
  };
  /** A token with the right claims, signed however the test wants. */
  const claims = (over: { iss?: string; aud?: string } = {}) =>
    new SignJWT({ scope: 'profile openid' })
      .setSubject('zhangsan')
      .setIssuer(over.iss ?? `${t.config.publicUrl}/oidc`)
      .setAudience(over.aud ?? t.config.apiAudience)
      .setIssuedAt()
      .setExpirationTime('5m');

  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns the profile of the signed-in user for a valid token, name and department in the request language', async () => {
    const res = await get(await t.auth('zhangsan', 'profile'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect(res.json()).toEqual({
      errno: 0,
      ecode: 'SUCCEED',
      error: '',
      entities: [
        {
          id: 'u-zhangsan',
          name: 'Zhang San',
          account: 'zhangsan',
          email: 'zhangsan@demo.edu.cn',
          enterprise: { id: 'demo-university' },
          department: 'School of Computer Science',
          roles: ['student'],
        },
      ],
    });
    const zh = await t.app.inject({ method: 'GET', url: PROFILE, headers: await t.auth('lisi', 'profile') });
    expect(zh.json().entities[0]).toMatchObject({ name: '李四', department: '计算机学院' });
  });

  it('refuses a request without a token, in the caller language', async () => {
    const res = await get();
    expectRefused(res);
    expect(res.json().error).toBe('The access token is invalid; please sign in again');
  });

  it('tells an expired token apart so the client can refresh it', async () => {
    const expired = await t.tokenFor('zhangsan', { expiresIn: Math.floor(Date.now() / 1000) - 120 });
    expectRefused(await get(bearer(expired)), 'ACCESS_TOKEN_EXPIRED');
  });

  it('tolerates a minute of clock skew', async () => {
    const justExpired = await t.tokenFor('zhangsan', { expiresIn: Math.floor(Date.now() / 1000) - 20 });
    expect((await get(bearer(justExpired))).statusCode).toBe(200);
  });

  it('refuses a token signed by another key under our kid', async () => {
    const key = await loadOrCreateSigningKey(t.ctx.db, t.ctx.now());
    const other = await generateKeyPair('RS256');
    const forged = await claims().setProtectedHeader({ alg: 'RS256', kid: key.kid }).sign(other.privateKey);
    expectRefused(await get(bearer(forged)));
  });

  it('refuses a token with an unknown kid', async () => {
    const other = await generateKeyPair('RS256');
    const forged = await claims().setProtectedHeader({ alg: 'RS256', kid: 'nope' }).sign(other.privateKey);
    expectRefused(await get(bearer(forged)));
  });

  it('refuses a token for another audience or from another issuer', async () => {
    expectRefused(await get(bearer(await t.tokenFor('zhangsan', { audience: 'https://other.example/api' }))));
    const key = await loadOrCreateSigningKey(t.ctx.db, t.ctx.now());
    const wrongIssuer = await claims({ iss: 'https://evil.example/oidc' })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .sign(key.privateKey);
    expectRefused(await get(bearer(wrongIssuer)));
  });

  it('refuses alg none and an HS256 token keyed with our public key', async () => {
    const none = new UnsecuredJWT({ scope: 'profile' })
      .setSubject('zhangsan')
      .setIssuer(`${t.config.publicUrl}/oidc`)
      .setAudience(t.config.apiAudience)
      .setExpirationTime('5m')
      .encode();
    expectRefused(await get(bearer(none)));
    const key = await loadOrCreateSigningKey(t.ctx.db, t.ctx.now());
    const secret = new TextEncoder().encode(JSON.stringify(key.publicJwk));
    const hs = await claims().setProtectedHeader({ alg: 'HS256', kid: key.kid }).sign(secret);
    expectRefused(await get(bearer(hs)));
  });

  it('refuses a token that names its own key (jku or embedded jwk), even when otherwise valid', async () => {
    const key = await loadOrCreateSigningKey(t.ctx.db, t.ctx.now());
    const jku = await claims()
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, jku: 'https://evil.example/jwks' })
      .sign(key.privateKey);
    expectRefused(await get(bearer(jku)));
    const other = await generateKeyPair('RS256', { extractable: true });
    const jwk = await claims()
      .setProtectedHeader({ alg: 'RS256', jwk: await exportJWK(other.publicKey) })
      .sign(other.privateKey);
    expectRefused(await get(bearer(jwk)));
  });

  it('refuses an ID token used as bearer (its audience is the client)', async () => {
    expectRefused(await get(bearer(await t.tokenFor('zhangsan', { audience: t.config.oidcClientId }))));
  });

  it('refuses a garbled token and a non-bearer scheme', async () => {
    expectRefused(await get(bearer('abc.def.ghi')));
    expectRefused(await get({ authorization: `Basic ${base64url.encode('zhangsan:demo123')}` }));
  });

  it('answers 403 when the token lacks the route scope', async () => {
    const res = await get(await t.auth('zhangsan', 'task app'));
    expectRefused(res, 'ACCESS_TOKEN_SCOPE_INVALID');
    // RFC 6750 §3.1, and the message names the scope.
    expect(res.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="profile"');
    expect(res.json().error).toBe('The access token lacks the scope "profile" this operation needs');
  });

  it('refuses a token in the URL even alongside a valid header', async () => {
    const token = await t.tokenFor('zhangsan');
    const res = await get(bearer(token), `${PROFILE}?access_token=${token}`);
    // Its own ecode and 400: the token may be valid, and a client must not be told it is invalid.
    expect(res.statusCode).toBe(400);
    // Neither TOKEN nor ACCESS in the ecode: clients read those as "sign in again".
    expect(res.json()).toMatchObject({ ecode: 'CREDENTIALS_NOT_IN_HEADER', entities: [] });
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect(res.json().error).toBe(
      'Credentials are not accepted in the URL or the form here; send them in the Authorization: Bearer header',
    );
  });

  it('refuses a disabled account at once after the cache forgets it', async () => {
    const headers = await t.auth('wangwu', 'profile');
    expect((await get(headers)).statusCode).toBe(200);
    await t.ctx.db.updateTable('users').set({ disabled: 1 }).where('account', '=', 'wangwu').execute();
    t.app.userDirectory.forget('wangwu');
    const res = await get(headers);
    expectRefused(res);
    expect(res.json().error).toMatch(/disabled/);
  });

  it('refuses a token for an account the embedded IdP does not know', async () => {
    expectRefused(await get(await t.auth('nobody', 'profile')));
  });

  it('leaves health checks and unknown routes alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await get({}, '/api/nope')).statusCode).toBe(404);
  });
});

describe('security log', () => {
  it('records refusals with who, what and where, but never the token', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const handle = await openDatabase(':memory:'.replace(/^/, 'sqlite:'));
    await migrateToLatest(handle.db);
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'info', SEED: 'none' });
    const built = await buildApp(config, { database: handle, logStream });
    try {
      const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2VjcmV0LXNpZ25hdHVyZQ';
      await built.app.inject({ method: 'GET', url: PROFILE, headers: { authorization: `Bearer ${token}` } });
      await built.app.inject({ method: 'GET', url: `${PROFILE}?access_token=${token}` });
      const refusals = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.event === 'auth.refused');
      expect(refusals).toHaveLength(2);
      expect(refusals[0]).toMatchObject({
        security: true,
        ecode: 'ACCESS_TOKEN_INVALID',
        method: 'GET',
        path: PROFILE,
      });
      expect(refusals[0]!.time).toEqual(expect.any(Number));
      expect(refusals[1]).toMatchObject({ reason: 'token_in_url' });
      expect(lines.join('\n')).not.toContain('c2VjcmV0LXNpZ25hdHVyZQ');
    } finally {
      await built.close();
      await handle.close();
    }
  });
});
