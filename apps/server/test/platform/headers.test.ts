import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, httpLayerDialects, type TestApp } from '../helpers/test-app.ts';

describe.each(httpLayerDialects())('security headers on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a strict CSP, nosniff, a referrer policy and no HSTS over http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/workflow/index' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('never lets API answers be cached, success or error', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: await t.auth('zhangsan', 'profile'),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/me/profile' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('answers JSON API routes with only the headers that apply to JSON, success or error', async () => {
    for (const headers of [await t.auth('zhangsan', 'profile'), {}]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me/profile', headers });
      expect(res.statusCode).toBe(Object.keys(headers).length ? 200 : 401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Opened as a document anyway, it may load nothing and be framed by nobody.
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-request-id']).toBeTruthy();
      for (const gone of [
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'referrer-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(res.headers[gone], gone).toBeUndefined();
      }
    }
    // Pages and unknown addresses keep the full list.
    for (const url of ['/workflow/index', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends no CORS headers to an origin that is not configured', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/me/profile',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('security headers of an https deployment with an external IdP and a CORS origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: {
        PUBLIC_URL: 'https://hall.example.edu',
        OIDC_ISSUER: 'https://sso.example.edu/realms/x',
        CORS_ORIGINS: 'https://portal.example.edu',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds HSTS and allows the issuer origin for XHR and forms', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const json = await t.app.inject({ method: 'GET', url: '/api/me/profile' });
    expect(json.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://sso.example.edu");
    expect(csp).toContain("form-action 'self' https://sso.example.edu");
  });

  it('answers CORS only for the configured origin', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/me/profile',
      headers: { origin: 'https://portal.example.edu', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example.edu');
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/me/profile',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('does not mount the embedded IdP when an external one is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(404);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 RATE_LIMITED with Retry-After once a user exceeds the allowance', async () => {
    const headers = { ...(await t.auth('lisi', 'profile')), 'accept-language': 'en' };
    let last;
    for (let i = 0; i < 601; i++) last = await t.app.inject({ method: 'GET', url: '/api/me/profile', headers });
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toMatchObject({ ecode: 'RATE_LIMITED', error: 'Too many requests; please try again later' });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.headers['x-ratelimit-remaining']).toBeUndefined();
    // Another user is counted separately.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: await t.auth('zhangsan', 'profile'),
    });
    expect(other.statusCode).toBe(200);
  });
});
