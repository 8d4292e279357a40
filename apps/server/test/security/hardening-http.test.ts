import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_STREAMS_PER_USER } from '../../src/modules/events/events-routes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Connections, the Host header, the router's refusals and the headers on every answer. */
describe('HTTP hardening', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publishes discovery with PUBLIC_URL whatever Host or X-Forwarded-Host says, and not cacheable', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil2.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Record<string, unknown>;
    expect(doc.authorization_endpoint).toBe('http://localhost:8080/oidc/auth');
    expect(doc.end_session_endpoint).toBe('http://localhost:8080/oidc/session/end');
    expect(res.body).not.toContain('evil');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('builds the sign-out form with PUBLIC_URL, not the Host header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/session/end',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(/<form[^>]*action="([^"]+)"/.exec(res.body)![1]).toBe('http://localhost:8080/oidc/session/end/confirm');
    expect(res.body).not.toContain('evil');
  });

  it('answers the router’s own refusals with the security headers', async () => {
    for (const url of ['/api/task/%E0%A4%A', `/api/task/${'y'.repeat(300)}`]) {
      const res = await t.app.inject({ method: 'POST', url, headers: await t.auth('lisi') });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it(`keeps at most ${MAX_STREAMS_PER_USER} push streams per user, closing the oldest`, async () => {
    const headers = await t.auth('lisi');
    const streams: Array<{ abort: AbortController; ended: Promise<boolean> }> = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER + 3; i++) {
      const abort = new AbortController();
      const res = await fetch(`${base}/api/me/events`, { headers, signal: abort.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      // Resolves true when the server ends the stream.
      const ended = (async () => {
        try {
          for (;;) {
            if ((await reader.read()).done) return true;
          }
        } catch {
          return false;
        }
      })();
      streams.push({ abort, ended });
    }
    const first = await Promise.race([streams[0]!.ended, new Promise((r) => setTimeout(() => r('open'), 2000))]);
    expect(first).toBe(true);
    expect(await streams[2]!.ended).toBe(true);
    const last = await Promise.race([streams.at(-1)!.ended, new Promise((r) => setTimeout(() => r('open'), 300))]);
    expect(last).toBe('open');
    for (const s of streams) s.abort.abort();
  });

  it('bounds how long a request may take to arrive', () => {
    expect(t.app.server.requestTimeout).toBe(30_000);
    expect(t.app.server.headersTimeout).toBe(10_000);
  });
});
