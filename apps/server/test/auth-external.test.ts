import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { createTestApp, testDialects, type TestApp } from './helpers/test-app.ts';

/** A stand-in institutional IdP: discovery and JWKS over real HTTP, as createRemoteJWKSet fetches them. */
async function fakeIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'inst-1', alg: 'ES256', use: 'sig' };
  let issuer = '';
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/realms/uni/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/certs` }));
    } else if (req.url === '/realms/uni/certs') {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/uni`;
  return { issuer, privateKey: privateKey as CryptoKey, close: () => new Promise((r) => server.close(r)) };
}

describe.each(testDialects())('an institution\'s own IdP on %s', (dialect) => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof fakeIssuer>>;
  const token = (sub: string, claims: Record<string, unknown> = {}) =>
    new SignJWT({ scope: 'openid profile task', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'inst-1' })
      .setSubject(sub).setIssuer(idp.issuer).setAudience(t.config.apiAudience)
      .setIssuedAt().setExpirationTime('5m').sign(idp.privateKey);

  beforeAll(async () => {
    idp = await fakeIssuer();
    t = await createTestApp({ dialect, env: { OIDC_ISSUER: idp.issuer } });
  });
  afterAll(async () => { await t.close(); await idp.close(); });

  it('accepts its tokens and provisions a first-time member from the claims', async () => {
    const res = await t.app.inject({
      method: 'GET', url: '/api/me/profile',
      headers: { authorization: `Bearer ${await token('t2024001', { name: '新同学', email: 'new@uni.edu' })}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().entities[0]).toMatchObject({
      account: 't2024001', name: '新同学', email: 'new@uni.edu', enterprise: { id: 'demo-university' }, roles: [],
    });
    const again = await t.app.inject({
      method: 'GET', url: '/api/me/profile', headers: { authorization: `Bearer ${await token('t2024001')}` },
    });
    expect(again.json().entities[0].id).toBe(res.json().entities[0].id);
  });

  it('knows existing accounts and refuses tokens of our embedded issuer', async () => {
    const ok = await t.app.inject({
      method: 'GET', url: '/api/me/profile', headers: { authorization: `Bearer ${await token('zhangsan')}` },
    });
    expect(ok.json().entities[0].name).toBe('张三');
    const embedded = await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: await t.auth('zhangsan', 'profile') });
    expect(embedded.statusCode).toBe(401);
  });

  it('publishes the institution as the authority in config.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.json().oidc.authority).toBe(idp.issuer);
  });
});
