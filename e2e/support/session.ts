import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';

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
 * credentials, come back through the callback.
 */
export async function signIn(page: Page, account: string, target = '/workflow/index', base = ''): Promise<void> {
  await page.goto(`${base}${target}`);
  await page.locator('input[name="username"]').waitFor({ timeout: SIGN_IN_FORM_TIMEOUT });
  await page.locator('input[name="username"]').fill(account);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"], input[type="submit"]').first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/workflow/') && !url.pathname.includes('oidcCallback'));
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
