import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

// Debian's Chromium with these flags: no GPU, no QUIC, nothing phoning home during a measurement.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Device = 'desktop' | 'mobile';

const DEVICES = {
  desktop: {
    viewport: { width: 1366, height: 768 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
    userAgent: undefined,
  },
  mobile: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  },
} as const;

export interface Session {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A browser with a fresh profile directory (nothing cached, no cookies), emulating `device`. */
export async function freshBrowser(device: Device): Promise<Session> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sh-bench-chromium-'));
  const d = DEVICES[device];
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    args: FLAGS,
    headless: true,
    locale: 'zh-CN',
    viewport: d.viewport,
    isMobile: d.isMobile,
    hasTouch: d.hasTouch,
    deviceScaleFactor: d.deviceScaleFactor,
    ...(d.userAgent ? { userAgent: d.userAgent } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the real sign-in page (inputs username, password, submit) and waits for the SPA. */
export async function signIn(page: Page, baseUrl: string, account: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/workflow/index`);
  await page.waitForSelector('input[name="username"]', { timeout: 30_000 });
  await page.fill('input[name="username"]', account);
  await page.fill('input[name="password"]', password);
  await Promise.all([
    page.waitForURL(/\/workflow\/(?!oidcCallback)/, { timeout: 30_000 }),
    page.locator('input[name="password"]').press('Enter'),
  ]);
}
