import { expect, test } from '@playwright/test';
import { failOnPageErrors, signIn } from '../support/session.ts';
import { isMobile, shot, signedIn, startProcess, type Lang } from '../support/matters.ts';

const leave = (reason: string) => ({ leaveType: 'personal', startDate: '2026-12-01', endDate: '2026-12-02', days: 2, reason });

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  // Issue 13 item 6: a network drop, then a tap on a tab whose code is not loaded yet; the page recovers by itself.
  test(`[${lang}] offline tap on a tab recovers when the network is back`, async ({ browser }, info) => {
    test.setTimeout(120_000);
    const user = await signedIn(browser, 'zhangsan', '/workflow/index', lang);
    const p = user.page;
    const mobile = isMobile(info);
    await expect(p.getByTestId(mobile ? 'tab-doing' : 'header-my-matters')).toBeVisible();
    const failedChunks: string[] = [];
    p.on('requestfailed', (r) => { if (/\/assets\/.*\.(js|css)$/.test(r.url())) failedChunks.push(r.url()); });
    await p.context().setOffline(true);
    await p.getByTestId(mobile ? 'tab-doing' : 'header-my-matters').click();
    // The page's code really was missing: its download failed while offline.
    await expect.poll(() => failedChunks.length).toBeGreaterThan(0);
    await p.waitForTimeout(1_500);
    await expect(p.getByText('Unexpected Application Error')).toHaveCount(0);
    await p.context().setOffline(false);
    // Back online: the page arrives without the user doing anything, the layout's chrome intact.
    await expect(p.getByTestId('list-search')).toBeVisible({ timeout: 20_000 });
    await expect(p).toHaveURL(mobile ? /\/workflow\/doing/ : /\/workflow\/todo/);
    await expect(p.getByTestId('route-error')).toHaveCount(0);
    // …with its styles: the stylesheets that failed while offline were loaded again (the phone's search box
    // is drawn by one of them).
    if (mobile) {
      await expect.poll(() => p.locator('.adm-search-bar-input-box').first()
        .evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    }
    if (mobile) await expect(p.getByTestId('tab-index')).toBeVisible();
    await shot(p, info, 'offline-recovered', lang);
    await user.close();
  });
}

// Issue 13 item 8 (the phone's back arrow): a deep link opened signed out, sign in, tap ‹ — back in the app.
test('deep link after sign-in, then back stays in the app', async ({ browser }, info) => {
  test.skip(!isMobile(info), 'the back arrow is the phone layout’s');
  const student = await signedIn(browser, 'zhangsan', '/workflow/index', 'zh');
  const p = await startProcess(student.page.request, student.token, 'leave', leave('E2E deep link'));
  const context = await browser.newContext();
  const page = await context.newPage();
  failOnPageErrors(page);
  await signIn(page, 'zhangsan', `/workflow/detail?id=${p.id}`);
  await expect(page).toHaveURL(new RegExp(`/workflow/detail\\?id=${p.id}`));
  await expect(page.getByTestId('process-detail')).toBeVisible();
  await page.getByTestId('mobile-back').click();
  await expect(page).toHaveURL(/\/workflow\/index/);
  await expect(page.getByText('invalid_request')).toHaveCount(0);
  await expect(page.getByTestId('tab-index')).toBeVisible();
  await context.close();
  await student.close();
});

// Issue 13 item 7: phone pages open at their top, come back where they were, and are not taller than the screen.
test('phone scroll: a new page opens at the top, back restores, no extra 56 px', async ({ browser }, info) => {
  test.skip(!isMobile(info), 'phone scroll restoration');
  const user = await signedIn(browser, 'zhangsan', '/workflow/index', 'zh');
  const p = user.page;
  const card = p.locator('[data-testid^="app-card-"]').last();
  await card.scrollIntoViewIfNeeded();
  await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const before = await p.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(200);
  await card.click();
  await expect(p).not.toHaveURL(/\/workflow\/index/);
  await expect.poll(() => p.evaluate(() => window.scrollY)).toBe(0);
  await p.goBack();
  await expect(p).toHaveURL(/\/workflow\/index/);
  await expect.poll(() => p.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  // A short page fits the screen: no 56 px of empty scrolling under the tab bar.
  await p.goto('/workflow/about');
  await expect(p.getByTestId('tab-index')).toBeVisible();
  const { height, viewport } = await p.evaluate(() => ({ height: document.documentElement.scrollHeight, viewport: window.innerHeight }));
  if (height > viewport) {
    // Long content may scroll, but the page must end at its content plus the tab bar, not 56 px later.
    const gap = await p.evaluate(() => {
      const main = document.querySelector('.shm-main')!.getBoundingClientRect();
      return document.documentElement.scrollHeight - (main.bottom + window.scrollY);
    });
    expect(gap).toBeLessThanOrEqual(60);
  } else {
    expect(height).toBeLessThanOrEqual(viewport);
  }
  await user.close();
});

// Issue 13 item 11: the language chosen on the sign-in page is the portal's language after sign-in.
test('the sign-in page’s language survives sign-in', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  failOnPageErrors(page);
  await page.goto('/workflow/index');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.locator('nav.lang a').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.locator('input[name="username"]').fill('zhangsan');
  await page.locator('input[name="password"]').fill('demo123');
  await page.locator('button[type="submit"], input[type="submit"]').first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/workflow/') && !url.pathname.includes('oidcCallback'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');
  await context.close();
});

// Issue 13 item 12: a list that cannot be read says so in the UI language, with a retry, instead of a raw error
// above "暂无数据"; the retry reads it again.
test('a list that cannot be read shows a translated error with a retry, not an empty list', async ({ browser }, info) => {
  const user = await signedIn(browser, 'zhangsan', '/workflow/about', 'zh');
  const p = user.page;
  await p.route('**/api/me/processes/doing*', (route) => route.abort('internetdisconnected'));
  await p.goto('/workflow/doing');
  // The web client retries a failed read 4 times, 1 s apart, before it shows the error.
  await expect(p.getByTestId('list-error')).toBeVisible({ timeout: 20_000 });
  await expect(p.getByTestId('list-error')).toContainText('网络');
  await expect(p.getByText('暂无数据')).toHaveCount(0);
  await expect(p.getByText(/failed to fetch/i)).toHaveCount(0);
  await shot(p, info, 'list-error', 'zh');
  await p.unroute('**/api/me/processes/doing*');
  await p.getByTestId('list-retry').click();
  await expect(p.getByTestId('list-error')).toBeHidden({ timeout: 15_000 });
  await user.close();
});
