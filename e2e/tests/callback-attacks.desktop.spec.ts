import { atHashOf, claimsOf, forgeIdToken, madeUpIdToken } from '../support/forge-token.ts';
import { servers } from '../support/servers.ts';
import { DEMO_PASSWORD, failOnPageErrors, SIGN_IN_FORM_TIMEOUT } from '../support/session.ts';
import { expect, test, type Page } from '../support/test.ts';

/**
 * Security checklist item 4 in a real browser against the real server and its embedded IdP: forged, replayed
 * and tampered sign-in responses reach /workflow/oidcCallback, for both response types. Each one must be refused
 * (the callback goes to /signin-oidc-error, which sends the visitor to sign in again), the tokens it carried must
 * never reach the API or the stored session, the fragment must leave the address bar and history, and the
 * callback page must be served with `Referrer-Policy: no-referrer`.
 */
const CALLBACK = '/workflow/oidcCallback';
const implicit = servers.implicit.url;
const code = servers.code.url;

interface Seen {
  url: string;
  method: string;
  auth: string;
  body: string;
}

/** Records every request of the page (with its Authorization header), each refused callback and each URL. */
function watch(page: Page) {
  const requests: Seen[] = [];
  const refusals: string[] = [];
  const urls: string[] = [];
  page.on('request', (r) =>
    requests.push({
      url: r.url(),
      method: r.method(),
      auth: r.headers().authorization ?? '',
      body: r.postData() ?? '',
    }),
  );
  page.on('console', (m) => {
    if (m.text().includes('sign-in callback failed')) refusals.push(m.text());
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) urls.push(f.url());
  });
  return {
    requests,
    refusals,
    urls,
    /** Requests to our API from index `from` on. */
    api: (from = 0) => requests.slice(from).filter((r) => new URL(r.url).pathname.startsWith('/api/')),
    /** Requests from index `from` on that carry `secret` anywhere: header, URL or body. */
    carrying: (secret: string, from = 0) =>
      requests.slice(from).filter((r) => r.auth.includes(secret) || r.url.includes(secret) || r.body.includes(secret)),
  };
}
type Watch = ReturnType<typeof watch>;

/** Fills in the IdP's sign-in form, which the page must be showing. */
async function typeCredentials(page: Page, account = 'zhangsan'): Promise<void> {
  await page.locator('input[name="username"]').fill(account);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"], input[type="submit"]').first().click();
}

/** Waits until the page has left the callback and come to rest on the portal or on the IdP's sign-in form. */
async function settle(page: Page): Promise<'portal' | 'sign-in'> {
  await page.waitForURL((u) => u.pathname.startsWith('/workflow/index') || u.pathname.startsWith('/oidc/interaction'), {
    timeout: 30_000,
  });
  if (new URL(page.url()).pathname.startsWith('/oidc/')) {
    await expect(page.locator('input[name="username"]')).toBeVisible({ timeout: SIGN_IN_FORM_TIMEOUT });
    return 'sign-in';
  }
  await expect(page.locator('[data-testid^="app-card-"]').first()).toBeVisible();
  return 'portal';
}

/** The session the implicit flow stored (null when signed out). */
const implicitUser = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('sh.implicit.user') ?? 'null') as { accessToken: string; idToken: string } | null,
  );

/** Whether any stored value (localStorage or sessionStorage) of the app's origin contains `secret`. */
const stored = (page: Page, secret: string) =>
  page.evaluate(
    (s) => [localStorage, sessionStorage].some((st) => Object.keys(st).some((k) => (st.getItem(k) ?? '').includes(s))),
    secret,
  );

/**
 * Routes the IdP's navigations so that the redirect which carries the authorize response to our callback passes
 * through `rewrite` first, once. The IdP's own hops (login → auth → consent → auth) are followed here, so the last
 * redirect is seen whichever of them the browser would have followed by itself. Resolves with the genuine response.
 */
async function tamperWithResponse(page: Page, base: string, rewrite: (p: URLSearchParams) => Promise<void> | void) {
  let resolve!: (p: URLSearchParams) => void;
  const genuine = new Promise<URLSearchParams>((r) => (resolve = r));
  let done = false;
  await page.route(`${base}/oidc/**`, async (route) => {
    if (done || !route.request().isNavigationRequest()) return route.fallback();
    let res = await route.fetch({ maxRedirects: 0 });
    let location = res.headers().location ?? '';
    let last = '';
    // The browser follows a redirect without asking the route again, so every IdP hop is followed here.
    while (res.status() >= 300 && res.status() < 400 && new URL(location, base).pathname.startsWith('/oidc/')) {
      last = new URL(location, base).toString();
      res = await page.request.get(last, { maxRedirects: 0 });
      location = res.headers().location ?? '';
    }
    const redirected = res.status() >= 300 && res.status() < 400 && !!location;
    const target = redirected ? new URL(location, base) : null;
    if (!target || target.pathname !== CALLBACK || !target.hash) {
      // An IdP page to show (the sign-in form): let the browser fetch it at its own address.
      if (!redirected && last) return route.fulfill({ status: 303, headers: { location: last } });
      return route.fulfill(redirected ? { status: 303, headers: { location } } : { response: res });
    }
    done = true;
    const params = new URLSearchParams(target.hash.slice(1));
    const real = new URLSearchParams(params);
    await rewrite(params);
    resolve(real);
    target.hash = params.toString();
    await route.fulfill({ status: 303, headers: { location: target.toString() } });
  });
  return genuine;
}

/** The checks every refused callback must pass. */
async function expectRefused(
  page: Page,
  w: Watch,
  o: { reason: RegExp; secrets: string[]; from: number; urlsFrom?: number },
) {
  const urls = w.urls.slice(o.urlsFrom ?? 0);
  await expect.poll(() => w.refusals.join('\n'), { message: 'the callback refuses the response' }).toMatch(o.reason);
  const landed = await settle(page);
  for (const secret of o.secrets) {
    // Only the arrival itself (reported once or twice) shows the token; from the first clean address on, none.
    const clean = urls.findIndex((u, i) => i > urls.findIndex((v) => v.includes(secret)) && !u.includes(secret));
    if (clean > 0)
      expect(
        urls.slice(clean).filter((u) => u.includes(secret)),
        'the token never comes back',
      ).toEqual([]);
    expect(w.carrying(secret, o.from), `no request carries the refused token ${secret.slice(0, 12)}…`).toEqual([]);
    expect(await stored(page, secret), 'the refused token is not stored').toBe(false);
  }
  expect(page.url()).not.toMatch(/access_token|id_token|[?&#]code=/);
  return landed;
}

/** Going back from where the refused callback ended must not bring its fragment back. */
async function expectHistoryClean(page: Page, w: Watch) {
  const mark = w.urls.length;
  await page.goBack();
  await settle(page);
  for (const u of w.urls.slice(mark)) expect(u).not.toMatch(/access_token|id_token/);
}

test.describe('sign-in callback attacks, response type id_token token', () => {
  test.beforeEach(({ page }) => failOnPageErrors(page));

  test('an unknown state is refused: none in progress, or another sign-in in progress', async ({ page }) => {
    test.setTimeout(120_000);
    const w = watch(page);
    const idToken = await madeUpIdToken({ iss: `${implicit}/oidc`, aud: 'service-hall', sub: 'zhangsan', nonce: 'n' });
    const fragment = (state: string) =>
      new URLSearchParams({
        id_token: idToken,
        access_token: `at-${state}`,
        token_type: 'Bearer',
        expires_in: '900',
        state,
      }).toString();

    // (1) No sign-in was ever started in this tab.
    const res = await page.goto(`${implicit}${CALLBACK}#${fragment('unknown')}`);
    expect(res?.headers()['referrer-policy']).toBe('no-referrer');
    expect(
      await expectRefused(page, w, { reason: /no sign-in in progress/, secrets: ['at-unknown', idToken], from: 0 }),
    ).toBe('sign-in');
    expect(
      w.api().filter((r) => r.auth),
      'no authenticated API call',
    ).toEqual([]);
    await expectHistoryClean(page, w);

    // (2) A sign-in is in progress (the IdP's form is showing) and a response with another state arrives.
    await expect(page.locator('input[name="username"]')).toBeVisible({ timeout: SIGN_IN_FORM_TIMEOUT });
    const mark = w.requests.length;
    const urlsFrom = w.urls.length;
    await page.goto(`${implicit}${CALLBACK}#${fragment('other')}`);
    await expect.poll(() => w.refusals.length).toBe(2);
    expect(w.refusals[1]).toMatch(/state mismatch/);
    expect(
      await expectRefused(page, w, { reason: /state mismatch/, secrets: ['at-other'], from: mark, urlsFrom }),
    ).toBe('sign-in');
    expect(w.api(mark).filter((r) => r.auth)).toEqual([]);
  });

  test('a response replayed after a successful sign-in is refused, in the same tab and in another browser', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const w = watch(page);
    const genuine = tamperWithResponse(page, implicit, () => {});
    await page.goto(`${implicit}/workflow/index`);
    await typeCredentials(page);
    const captured = await genuine;
    expect(await settle(page)).toBe('portal');
    const accessToken = captured.get('access_token')!;
    expect((await implicitUser(page))?.accessToken).toBe(accessToken);
    // A successful sign-in leaves no token in the address bar either.
    expect(await page.evaluate(() => [location.hash, location.href])).toEqual(['', `${implicit}/workflow/index`]);

    // Another browser (the attacker's) replays the captured response: nothing pending there.
    const other = await browser.newContext();
    const attacker = await other.newPage();
    failOnPageErrors(attacker);
    const wa = watch(attacker);
    const res = await attacker.goto(`${implicit}${CALLBACK}#${captured.toString()}`);
    expect(res?.headers()['referrer-policy']).toBe('no-referrer');
    expect(
      await expectRefused(attacker, wa, { reason: /no sign-in in progress/, secrets: [accessToken], from: 0 }),
    ).toBe('sign-in');
    expect(wa.api().filter((r) => r.auth)).toEqual([]);
    await expectHistoryClean(attacker, wa);
    await other.close();

    // The same tab, signed out locally, replays it: refused; the visitor signs in afresh and gets new tokens.
    await page.evaluate(() => localStorage.removeItem('sh.implicit.user'));
    await page.unrouteAll();
    const mark = w.requests.length;
    await page.goto(`${implicit}${CALLBACK}#${captured.toString()}`);
    await expect.poll(() => w.refusals.length).toBe(1);
    expect(w.refusals[0]).toMatch(/no sign-in in progress/);
    const landed = await settle(page);
    if (landed === 'sign-in') {
      await typeCredentials(page);
      expect(await settle(page)).toBe('portal');
    }
    expect(w.carrying(accessToken, mark), 'the replayed token is never sent again').toEqual([]);
    const fresh = await implicitUser(page);
    expect(fresh?.accessToken).toBeTruthy();
    expect(fresh?.accessToken).not.toBe(accessToken);
    expect(await page.evaluate(() => location.hash)).toBe('');
  });

  /** Signs in once for real and returns that response (tokens a later attack can reuse), then signs out locally. */
  async function firstSignIn(page: Page) {
    const genuine = tamperWithResponse(page, implicit, () => {});
    await page.goto(`${implicit}/workflow/index`);
    await typeCredentials(page);
    const captured = await genuine;
    expect(await settle(page)).toBe('portal');
    await page.unrouteAll();
    await page.evaluate(() => localStorage.removeItem('sh.implicit.user'));
    return captured;
  }

  const tampered: Array<{
    name: string;
    reason: RegExp;
    rewrite: (p: URLSearchParams, first: URLSearchParams) => Promise<void>;
  }> = [
    {
      name: 'an ID token issued for another nonce (a genuine one from an earlier sign-in)',
      reason: /nonce mismatch/,
      rewrite: async (p, first) => {
        p.set('id_token', first.get('id_token')!);
        p.set('access_token', first.get('access_token')!);
      },
    },
    {
      name: 'an ID token whose at_hash does not match the access token beside it',
      reason: /at_hash mismatch/,
      rewrite: async (p, first) => {
        p.set('access_token', first.get('access_token')!);
      },
    },
    {
      name: 'an ID token with the right claims signed by a foreign key under the IdP key id',
      reason: /signature verification failed/,
      rewrite: async (p) => {
        p.set('id_token', await forgeIdToken(p.get('id_token')!, {}, 'same'));
      },
    },
    {
      name: 'an ID token for another account signed by a foreign key of its own',
      reason: /no applicable key found|JWKSNoMatchingKey/,
      rewrite: async (p) => {
        p.set(
          'id_token',
          await forgeIdToken(
            p.get('id_token')!,
            { sub: 'admin', at_hash: atHashOf(p.get('access_token')!) },
            'foreign',
          ),
        );
      },
    },
  ];

  for (const t of tampered) {
    test(`a real sign-in whose response carries ${t.name} is refused`, async ({ page }) => {
      test.setTimeout(150_000);
      const w = watch(page);
      const first = await firstSignIn(page);

      const mark = w.requests.length;
      const urlsFrom = w.urls.length;
      const refusedMark = w.refusals.length;
      let sent: URLSearchParams | null = null;
      const genuine = tamperWithResponse(page, implicit, async (p) => {
        await t.rewrite(p, first);
        sent = new URLSearchParams(p);
      });
      // The IdP still has a session: opening the portal signs in again without the form.
      await page.goto(`${implicit}/workflow/index`);
      const real = await genuine;
      expect(sent).not.toBeNull();
      const delivered = sent as unknown as URLSearchParams;
      expect(delivered.get('state')).toBe(real.get('state'));
      await expect.poll(() => w.refusals.length).toBe(refusedMark + 1);
      expect(w.refusals.at(-1)).toMatch(t.reason);
      // Neither the tokens the callback received nor the genuine ones it never saw are used or kept.
      const secrets = [
        ...new Set([delivered.get('access_token')!, delivered.get('id_token')!, real.get('access_token')!]),
      ];
      await expectRefused(page, w, { reason: t.reason, secrets, from: mark, urlsFrom });
      // Refused, the visitor is sent to sign in again; the IdP's session answers with a fresh, genuine response.
      const now = await implicitUser(page);
      if (now) {
        expect(secrets).not.toContain(now.accessToken);
        expect(claimsOf(now.idToken).sub).toBe('zhangsan');
      }
    });
  }
});

test.describe('sign-in callback attacks, response type code + PKCE', () => {
  test.beforeEach(({ page }) => failOnPageErrors(page));

  const tokenRequests = (w: Watch, from = 0) =>
    w.requests.slice(from).filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/oidc/token');

  test('an unknown state is refused without redeeming the code', async ({ page }) => {
    const w = watch(page);
    const res = await page.goto(`${code}${CALLBACK}?code=made-up-code&state=unknown-state`);
    expect(res?.headers()['referrer-policy']).toBe('no-referrer');
    expect(await expectRefused(page, w, { reason: /No matching state/i, secrets: ['made-up-code'], from: 1 })).toBe(
      'sign-in',
    );
    expect(tokenRequests(w)).toEqual([]);
    expect(w.api().filter((r) => r.auth)).toEqual([]);
  });

  test('a replayed callback and a reused authorisation code are refused', async ({ page }) => {
    test.setTimeout(150_000);
    const w = watch(page);
    await page.goto(`${code}/workflow/index`);
    await typeCredentials(page);
    expect(await settle(page)).toBe('portal');
    const callback = w.urls.find((u) => u.includes(`${CALLBACK}?`));
    expect(callback, 'the callback address with code and state').toBeTruthy();
    const used = new URL(callback!).searchParams.get('code')!;
    const redeem = tokenRequests(w);
    expect(redeem).toHaveLength(1);
    expect(page.url()).not.toContain('code=');

    // (1) The same callback again, in the same tab: its state was used up, so nothing is redeemed.
    let mark = w.requests.length;
    await page.goto(callback!);
    await expect.poll(() => w.refusals.length).toBe(1);
    expect(w.refusals[0]).toMatch(/No matching state/i);
    expect(await settle(page)).toBe('portal');
    expect(tokenRequests(w, mark)).toEqual([]);

    // (2) The same code, posted again to the token endpoint with the very body the SPA sent: refused by the IdP.
    const again = await page.request.post(`${code}/oidc/token`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: redeem[0]!.body,
    });
    expect(again.status()).toBe(400);
    expect((await again.json()).error).toBe('invalid_grant');

    // (3) The used code delivered under the state of a new sign-in of this tab: the SPA redeems it and the IdP
    // refuses, so no session and no API call with a token follow.
    await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('oidc.user:'))
        .forEach((k) => localStorage.removeItem(k)),
    );
    // The IdP's authorize endpoint is held by the test, so the sign-in the refusal starts again stops there.
    const held: string[] = [];
    await page.route(`${code}/oidc/auth?**`, async (route) => {
      held.push(new URL(route.request().url()).searchParams.get('state') ?? '');
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>authorize (held by the test)</p>' });
    });
    await page.goto(`${code}/workflow/index`);
    await expect.poll(() => held.length).toBe(1);
    // Let the held authorize page finish loading, or it would cut short the navigation below.
    await page.waitForURL(/\/oidc\/auth\?/);
    mark = w.requests.length;
    await page.goto(`${code}${CALLBACK}?code=${encodeURIComponent(used)}&state=${encodeURIComponent(held[0]!)}`);
    await expect.poll(() => w.refusals.length).toBe(2);
    expect(w.refusals[1]).toMatch(/invalid_grant|grant/i);
    expect(tokenRequests(w, mark)).toHaveLength(1);
    // Refused, the visitor is sent to sign in again (held here) without a single API call carrying a token.
    await expect.poll(() => held.length).toBe(2);
    await page.waitForURL(/\/oidc\/auth\?/); // the held page, loaded: the storage below is read from it
    expect(
      w.api(mark).filter((r) => r.auth),
      'no API call with a token',
    ).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('oidc.user:')))).toBe(false);
    expect(page.url()).not.toContain('code=');
  });
});

test('the callback page is served with Referrer-Policy: no-referrer on both servers', async ({ request }) => {
  for (const base of [implicit, code]) {
    const res = await request.get(`${base}${CALLBACK}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['referrer-policy']).toBe('no-referrer');
  }
});
