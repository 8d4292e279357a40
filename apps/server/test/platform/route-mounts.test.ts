import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROOT_MOUNTS } from '../../src/platform/spa-routes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const OPERATIONS = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/operations.md'), 'utf8');

/**
 * Under BASE_PATH only the SPA (and its config.json) moves; everything else stays at the host's root, and
 * docs/operations.md lists exactly those mounts for the proxy. Unknown server paths answer the JSON envelope.
 */
describe.each(['/', '/hall/'])('route mounts with BASE_PATH=%s', (base) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_PATH: base, METRICS_TOKEN: 'metrics-token-0123456789' } });
  });
  afterAll(async () => {
    await t.close();
  });
  const isJson404 = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) =>
    res.statusCode === 404 &&
    /application\/json/.test(String(res.headers['content-type'])) &&
    JSON.parse(res.body).ecode === 'NOT_FOUND';

  it('serves every root mount at the root of the host', async () => {
    const auth = await t.auth('lisi');
    const reached = {
      api: await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: auth }),
      manage: await t.app.inject({ method: 'POST', url: '/manage/searchGuide?keyword=x', headers: auth }),
      graphql: await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: { query: '{ __typename }' },
      }),
      bus: await t.app.inject({
        method: 'POST',
        url: '/bus/graphql',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: { query: '{ __typename }' },
      }),
      oidc: await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' }),
      healthz: await t.app.inject({ method: 'GET', url: '/healthz' }),
      readyz: await t.app.inject({ method: 'GET', url: '/readyz' }),
      docs: await t.app.inject({ method: 'GET', url: '/docs/json' }),
      metrics: await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      }),
    };
    expect(Object.keys(reached).sort()).toEqual([...ROOT_MOUNTS].sort());
    for (const [mount, res] of Object.entries(reached))
      expect(res.statusCode, `${mount}: ${res.body.slice(0, 200)}`).toBe(200);
    const config = await t.app.inject({ method: 'GET', url: `${base}config.json` });
    expect(config.json()).toMatchObject({ basePath: base, apiBase: '/api', eventsUrl: '/api/me/events' });
  });

  it('answers unknown paths under every mount with the JSON 404 envelope, never the SPA', async () => {
    const unknown = [
      '/api/nope',
      '/api/me/nope/deeper',
      '/manage/nope',
      '/graphql/nope',
      '/graphqlx',
      '/bus/nope',
      '/oidc/nope',
      '/oidc/.well-known/nope',
      '/docs/nope.json',
      '/healthz/x',
      '/readyz/x',
      '/metrics/x',
    ];
    if (base !== '/')
      unknown.push(
        ...['/api/me/profile', '/oidc/auth', '/graphql', '/manage/x'].map((p) => `${base.slice(0, -1)}${p}`),
      );
    for (const url of unknown) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url, headers: { 'accept-language': 'en' } });
        expect(isJson404(res), `${method} ${url}: ${res.statusCode} ${res.body.slice(0, 80)}`).toBe(true);
      }
    }
    const oidc = await t.app.inject({ method: 'GET', url: '/oidc/nope', headers: { 'accept-language': 'en' } });
    expect(oidc.json()).toEqual({ errno: 40401, ecode: 'NOT_FOUND', error: 'No such endpoint', entities: [] });
  });

  it('docs/operations.md lists exactly the root mounts for the proxy', () => {
    const listed = /<!-- root-mounts -->([^]*?)<!-- \/root-mounts -->/.exec(OPERATIONS)?.[1] ?? '';
    const mounts = [...listed.matchAll(/`\/([a-z]+)`/g)].map((m) => m[1]).sort();
    expect(mounts).toEqual([...ROOT_MOUNTS].sort());
  });
});
