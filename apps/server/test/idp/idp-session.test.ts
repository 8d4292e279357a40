import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { seedDemo } from '../../src/seed/seed-demo.ts';
import { authorizeUrl, OidcBrowser, pkce } from '../helpers/oidc-browser.ts';

/** Signs in through the sign-in page with the implicit flow and returns the tokens from the fragment. */
async function signInImplicit(browser: OidcBrowser) {
  const page = await browser.follow(await browser.request('GET', authorizeUrl({ response_type: 'id_token token' })));
  const action = /action="([^"]+)"/.exec(page.body)![1]!;
  const res = await browser.follow(await browser.request('POST', action, { username: 'lisi', password: 'demo123' }));
  const fragment = new URLSearchParams(new URL(String(res.headers.location)).hash.slice(1));
  return { access: fragment.get('access_token')!, id: fragment.get('id_token')! };
}

describe('IdP sessions across a restart and sign-out', () => {
  const file = path.join(os.tmpdir(), `sh-idp-${randomBytes(6).toString('hex')}.sqlite`);
  const config = loadConfig({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent', SEED: 'demo', PORT: '8080' });
  let built: BuiltApp | null = null;
  const start = async () => {
    built = await buildApp(config);
    await seedDemo(built.ctx);
    return built;
  };
  afterAll(async () => {
    await built?.close();
    for (const s of ['', '-wal', '-shm']) fs.rmSync(file + s, { force: true });
  });

  it('keeps the signing key and the sign-in session through a restart', async () => {
    let app = (await start()).app;
    const browser = new OidcBrowser(app);
    const { access } = await signInImplicit(browser);
    await built!.close();

    app = (await start()).app;
    const profile = await app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().entities[0].account).toBe('lisi');

    // The browser's IdP session still holds: a new authorization request goes straight back to the portal.
    const again = new OidcBrowser(app);
    again.cookies = browser.cookies;
    const { challenge } = pkce();
    const res = await again.follow(
      await again.request(
        'GET',
        authorizeUrl({ response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' }),
      ),
    );
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/^http:\/\/localhost:8080\/workflow\/oidcCallback\?code=/);
  });

  it('signs out through end_session and asks for the password again afterwards', async () => {
    const app = built!.app;
    const browser = new OidcBrowser(app);
    const { id } = await signInImplicit(browser);
    const end = await browser.request(
      'GET',
      `/oidc/session/end?${new URLSearchParams({
        id_token_hint: id,
        post_logout_redirect_uri: 'http://localhost:8080/',
        client_id: 'service-hall',
      })}`,
    );
    expect(end.statusCode).toBe(200);
    // No inline script (CSP): the confirmation is submitted by our small script file.
    expect(end.body).toContain('<script src="/oidc/assets/sign-out.js" defer></script>');
    const script = await app.inject({ method: 'GET', url: '/oidc/assets/sign-out.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    const action = /<form[^>]*action="([^"]+)"/.exec(end.body)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(end.body)![1]!;
    const done = await browser.request('POST', action, { xsrf, logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost:8080/');

    const page = await browser.follow(await browser.request('GET', authorizeUrl({ response_type: 'id_token token' })));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="password"');
  });

  it('accepts the 127.0.0.1 twin of the portal address as a redirect URI', async () => {
    const browser = new OidcBrowser(built!.app, {}, '127.0.0.1:8080');
    const page = await browser.follow(
      await browser.request(
        'GET',
        authorizeUrl({ response_type: 'id_token token', redirect_uri: 'http://127.0.0.1:8080/workflow/oidcCallback' }),
      ),
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="username"');
  });
});
