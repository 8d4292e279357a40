import { expect, test, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import fs from 'node:fs';

export const DEMO_PASSWORD = 'demo123';

/** Sets the UI language before any page script runs (the SPA reads localStorage `locale`). */
export async function useLanguage(page: Page, locale: 'zh' | 'en'): Promise<void> {
  await page.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
}

/**
 * How long the sign-in form may take to appear after opening a protected page: the SPA boots, sends the browser to
 * the IdP, which redirects to its interaction page — several requests that a loaded machine (the full run beside
 * other work) has taken over 10 s for. The specs wait for the form itself, this long, not for a fixed time.
 */
export const SIGN_IN_FORM_TIMEOUT = 60_000;

/**
 * Signs in through the real IdP sign-in page: open a protected route, get redirected to /oidc, type the demo
 * credentials, come back through the callback. Specs about signing in itself (the sign-in page, signing out, the
 * callback) call this; every other spec calls `signIn`, which comes here once per account and server.
 */
export async function signInThroughIdp(page: Page, account: string, target = '/workflow/index', base = ''): Promise<void> {
  await page.goto(`${base}${target}`);
  await page.locator('input[name="username"]').waitFor({ timeout: SIGN_IN_FORM_TIMEOUT });
  await page.locator('input[name="username"]').fill(account);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"], input[type="submit"]').first().click();
  await reachedPortal(page);
}

const reachedPortal = (page: Page) =>
  page.waitForURL((url) => url.pathname.startsWith('/workflow/') && !url.pathname.includes('oidcCallback'));

/** What the SPA keeps after a real sign-in (the oidc-client-ts user entry), to open later pages with. */
interface KeptSession { entries: Array<[string, string]>; accessToken: string; expiresAt: number }

/**
 * Sessions this worker has signed in through the IdP, by server origin and account. A full sign-in loads the SPA
 * twice and the IdP's page once; on a loaded 2-core machine that was ~3 s of every one of ~300 sign-ins of a run
 * (docs/decisions.md "Test suite time"). A kept session is opened as a member returning to the portal does: the
 * stored user in localStorage, the page loaded once.
 */
const kept = new Map<string, KeptSession>();
/**
 * Access tokens live 15 min; a kept session is used only while it has this long left, so no test outlives it and
 * the SPA never starts its renewal on a copy (the refresh token is not kept: the IdP rotates it on use).
 */
const KEEP_WHILE_LEFT_MS = 11 * 60_000;

/**
 * Signs `account` in and opens `target`. The first time on a server (and whenever the kept session has run low or
 * the server no longer accepts it: a spec signed out or disabled the account) this is a real sign-in through the IdP.
 */
export async function signIn(page: Page, account: string, target = '/workflow/index', base = ''): Promise<void> {
  const url = new URL(`${base}${target}`, base ? undefined : test.info().project.use.baseURL);
  const key = `${url.origin} ${account}`;
  const session = kept.get(key);
  if (session && session.expiresAt - Date.now() > KEEP_WHILE_LEFT_MS && await stillAccepted(page, url.origin, session.accessToken)) {
    // Stored before the SPA's scripts run, once per tab (a later sign-out in the tab stays signed out). Not by first
    // opening a JSON answer of the server such as /readyz: Chromium denies that document storage ("Access is denied
    // for this document"), and the language init script's error failed a fresh-clone run.
    await page.addInitScript(({ origin, entries, guard }) => {
      if (window.location.origin !== origin) return;
      try {
        if (window.sessionStorage.getItem(guard)) return;
        for (const [k, v] of entries) window.localStorage.setItem(k, v);
        window.sessionStorage.setItem(guard, '1');
      } catch { /* a document without storage */ }
    }, { origin: url.origin, entries: session.entries, guard: `e2e.kept-session:${account}` });
    await page.goto(url.href);
    await reachedPortal(page);
    return;
  }
  await signInThroughIdp(page, account, target, base);
  const taken = await keepable(page);
  if (taken) kept.set(key, taken);
}

async function stillAccepted(page: Page, origin: string, accessToken: string): Promise<boolean> {
  const res = await page.request.get(`${origin}/api/me/profile`, { headers: { authorization: `Bearer ${accessToken}` } });
  return res.status() === 200;
}

/** The code flow's stored user, without its refresh token; null for the implicit flow (its own storage). */
async function keepable(page: Page): Promise<KeptSession | null> {
  const stored = await page.evaluate(() => Object.keys(window.localStorage)
    .filter((k) => k.startsWith('oidc.user:')).map((k) => [k, window.localStorage.getItem(k) ?? ''] as [string, string]));
  if (stored.length !== 1) return null;
  const [k, v] = stored[0]!;
  const user = JSON.parse(v) as { access_token?: string; expires_at?: number; refresh_token?: string };
  if (!user.access_token || !user.expires_at) return null;
  delete user.refresh_token;
  return { entries: [[k, JSON.stringify(user)]], accessToken: user.access_token, expiresAt: user.expires_at * 1000 };
}

/** Saves a full-page screenshot under e2e/artifacts/<project>/<name>-<lang>.png for people to look at. */
export async function snap(page: Page, info: TestInfo, name: string, lang = 'zh'): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '..', 'artifacts', info.project.name);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${lang}.png`), fullPage: true });
}

/** Fails the test on any uncaught page error: a user would see a broken screen. */
export function failOnPageErrors(page: Page): void {
  page.on('pageerror', (err) => expect.soft(err.message, 'uncaught error in the page').toBe(''));
}
