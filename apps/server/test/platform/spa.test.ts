import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SCOPE_STRING } from '@service-hall/contracts';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A stand-in for `npm run build` output: index.html with the placeholder, one hashed asset, one plain file. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sh-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head>\n<!--base-href--><script type="module" src="./assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("hi")');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('the SPA at the root', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ seed: false, env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers any app route with index.html carrying <base href>, never cached', async () => {
    for (const url of ['/', '/workflow/index', '/workflow/gl/42?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<head>\n<base href="/"><script');
    }
  });

  it('serves hashed assets for a year and other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a missing asset and unknown server paths as 404s, not the page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-999.js' })).statusCode).toBe(404);
    for (const url of ['/api/nope', '/manage/nope', '/oidcx', '/docs/x', '/healthz/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      if (url === '/oidcx') {
        expect(res.statusCode).toBe(200);
        continue;
      }
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('answers unknown URLs under an API alias, and anywhere under its first segment, with the JSON 404', async () => {
    // A path parameter over the router's 200 characters matches no route: it used to fall through to the page.
    for (const url of [
      '/infoplus/apis/v2/nope',
      `/infoplus/apis/v2/process/${'x'.repeat(201)}`,
      '/infoplus/apis/v2',
      '/infoplus/apis/v2/',
      '/infoplus/apis/v2x',
      '/infoplus/oauth2/nope',
      '/infoplus/oauth2/token',
      '/infoplus/interface/anything',
      '/infoplus',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url.slice(0, 40), res.statusCode, res.headers['content-type']]).toEqual([
        url.slice(0, 40),
        404,
        expect.stringMatching(/json/),
      ]);
      expect(res.json().ecode).toBe('NOT_FOUND');
    }
    // A neighbour of the first segment is still an app route.
    expect((await t.app.inject({ method: 'GET', url: '/infoplusx' })).statusCode).toBe(200);
  });

  it('picks up a rebuild without a restart', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'index-new456.js'), 'console.log("new")');
    const html =
      '<!doctype html><html><head><!--base-href--><script type="module" src="./assets/index-new456.js"></script></head></html>';
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    fs.utimesSync(path.join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    const page = await t.app.inject({ method: 'GET', url: '/workflow/todo' });
    expect(page.body).toContain('index-new456.js');
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-new456.js' })).statusCode).toBe(200);
  });

  it('does not serve files outside the build', async () => {
    for (const url of ['/..%2f..%2fpackage.json', '/assets/..%2f..%2f..%2fpackage.json', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('"workspaces"');
    }
  });

  it('sends no referrer from the sign-in callback page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/workflow/oidcCallback?code=abc&state=s' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const other = await t.app.inject({ method: 'GET', url: '/workflow/todo' });
    expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('publishes the runtime config the SPA starts from', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.statusCode).toBe(200);
    const rootVersion = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8'),
    ).version;
    expect(res.json()).toEqual({
      basePath: '/',
      apiBase: '/api',
      taskCentreBase: '',
      taskApi: null,
      guideBus: '/bus/graphql',
      eventsUrl: '/api/me/events',
      oidc: {
        authority: 'http://localhost:8080/oidc',
        clientId: 'service-hall',
        responseType: 'code',
        scope: SCOPE_STRING,
      },
      publicMode: false,
      version: rootVersion,
    });
  });
});

describe('the phone build', () => {
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
  const windows =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    fs.writeFileSync(
      path.join(dist, 'phone.html'),
      '<!doctype html><html><head><!--base-href--><script type="module" src="./assets/phone-def456.js"></script></head><body></body></html>',
    );
    t = await createTestApp({ seed: false, env: { WEB_DIST: dist, BASE_PATH: '/hall' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = async (url: string, ua: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': ua } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/User-Agent/i);
    return res.body.includes('phone-def456.js') ? 'phone' : res.body.includes('index-abc123.js') ? 'index' : res.body;
  };

  it("sends phone.html to a phone and index.html to the rest, by the web app's rule (user-agent, ?layout=)", async () => {
    expect(await page('/hall/workflow/index', iphone)).toBe('phone');
    expect(await page('/hall/', 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile Safari/537.36')).toBe('phone');
    expect(await page('/hall/workflow/todo', 'Mozilla/5.0 MicroMessenger/8.0')).toBe('phone');
    expect(await page('/hall/workflow/index', windows)).toBe('index');
    expect(await page('/hall/workflow/index?layout=desktop', iphone)).toBe('index');
    expect(await page('/hall/workflow/index?x=1&layout=mobile', windows)).toBe('phone');
    expect(await page('/hall/workflow/index?layout=', iphone)).toBe('phone');
  });

  it('gives phone.html its base tag and never sends it as a plain file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/hall/workflow/index', headers: { 'user-agent': iphone } });
    expect(res.body).toContain('<head><base href="/hall/">');
    expect(await page('/hall/phone.html', windows)).toBe('index');
  });

  it('falls back to index.html for a phone when the build has no phone.html', async () => {
    fs.renameSync(path.join(dist, 'phone.html'), path.join(dist, 'phone.old'));
    try {
      expect(await page('/hall/workflow/index', iphone)).toBe('index');
    } finally {
      fs.renameSync(path.join(dist, 'phone.old'), path.join(dist, 'phone.html'));
    }
  });
});

describe('the SPA under a base path', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({
      seed: false,
      env: {
        WEB_DIST: dist,
        BASE_PATH: '/hall',
        OIDC_RESPONSE_TYPE: 'id_token token',
        TASK_API: '/graphql',
        PUBLIC_MODE: 'true',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('injects the base path, serves assets under it and redirects the bare root there', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/hall/workflow/done' });
    expect(page.body).toContain('<base href="/hall/">');
    expect((await t.app.inject({ method: 'GET', url: '/hall/assets/index-abc123.js' })).statusCode).toBe(200);
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/hall/');
  });

  it('publishes the deployment in config.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/hall/config.json' });
    expect(res.json()).toMatchObject({
      basePath: '/hall/',
      apiBase: '/api',
      taskApi: '/graphql',
      publicMode: true,
      oidc: { responseType: 'id_token token' },
    });
  });
});

describe('without a built SPA', () => {
  it('explains how to build it instead of crashing', async () => {
    const t = await createTestApp({ seed: false, env: { WEB_DIST: path.join(os.tmpdir(), 'sh-no-such-dist') } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
      expect((await t.app.inject({ method: 'GET', url: '/config.json' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
