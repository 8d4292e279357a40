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

/** The app's own stored session (code flow: oidc-client-ts's user; implicit flow: the portal's), by key and value. */
type StoredSession = Array<[string, string]>;

/**
 * Sessions this worker has signed in through the IdP's form, per server origin and account, with when. A later
 * sign-in of the same account on the same server within REUSE_FOR_MS puts that session into the new page's storage
 * instead of walking the form again: the portal boots from a live stored session as it does for a member who opens
 * a new tab. Saves the IdP round trip and a second boot of the SPA per sign-in (docs/decisions.md "Test suite time").
 * The form itself is what sign-in.spec, keyboard-triage, callback-attacks, public-mode, the accessibility sweep and
 * the deep-link test walk (`how: 'form'`). Access tokens live 15 min and the portal renews 2 min before expiry; a
 * session is reused only while ≥ 9 min are left: 7 min before the renewal, longer than any test's time limit that uses one.
 */
const sessions = new Map<string, { stored: StoredSession; at: number }>();
const REUSE_FOR_MS = 6 * 60_000;

const inApp = (url: URL) => url.pathname.startsWith('/workflow/') && !url.pathname.includes('oidcCallback');

/**
 * Signs in: through the real IdP sign-in page (open a protected route, get redirected to /oidc, type the demo
 * credentials, come back through the callback), or with a session this worker signed in the same way a moment ago
 * (see `sessions`). `how: 'form'` always walks the form: for the specs whose subject is signing in.
 */
export async function signIn(page: Page, account: string, target = '/workflow/index', base = '', how: 'reuse' | 'form' = 'reuse'): Promise<void> {
  const origin = new URL(base || test.info().project.use.baseURL || '').origin;
  const key = `${origin} ${account}`;
  const kept = how === 'reuse' ? sessions.get(key) : undefined;
  if (kept && Date.now() - kept.at < REUSE_FOR_MS) {
    // Any page of the origin gives the storage to write into; /healthz is the smallest.
    await page.goto(`${origin}/healthz`);
    await page.evaluate((stored) => { for (const [k, v] of stored) window.localStorage.setItem(k, v); }, kept.stored);
    await page.goto(`${base}${target}`);
    await page.waitForURL(inApp);
    return;
  }
  await page.goto(`${base}${target}`);
  await page.locator('input[name="username"]').waitFor({ timeout: SIGN_IN_FORM_TIMEOUT });
  await page.locator('input[name="username"]').fill(account);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"], input[type="submit"]').first().click();
  await page.waitForURL(inApp);
  if (how === 'reuse') {
    const stored = await page.evaluate(() => Object.entries(window.localStorage)
      .filter(([k]) => k.startsWith('oidc.user:') || k === 'sh.implicit.user'));
    if (stored.length > 0) sessions.set(key, { stored, at: Date.now() });
  }
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
