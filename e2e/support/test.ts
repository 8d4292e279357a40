import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, Locator, Page, TestInfo } from '@playwright/test';

/**
 * Playwright's `test`, closing at the end of each test the browser contexts it opened on the worker's shared
 * browser (`signedIn`, `browser.newPage()`). Left open, every signed-in page of every earlier test kept running the
 * portal (its event stream, timers) for the rest of the worker's life, on the 2-core machine that runs the suite,
 * and a failure's screenshots showed those pages too (a "student's page in Chinese" in an English test was another
 * test's page). Failure screenshots are taken before this teardown.
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((c) => !before.has(c));
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});
