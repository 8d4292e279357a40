import { signedIn, startProcess } from '../support/matters.ts';
import { failOnPageErrors, signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const leave = (reason: string) => ({
  leaveType: 'personal',
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  days: 2,
  reason,
});

/**
 * The phone layout's own navigation. Specs named *.mobile.spec.ts run in the phone projects
 * only, so the desktop run no longer reports them as skipped.
 */
// The phone's back arrow: a deep link opened signed out, sign in, tap ‹ — back in the app.
test('deep link after sign-in, then back stays in the app', async ({ browser }) => {
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

// phone pages open at their top, come back where they were, and are not taller than the screen.
test('phone scroll: a new page opens at the top, back restores, no extra 56 px', async ({ browser }) => {
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
  const { height, viewport } = await p.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    viewport: window.innerHeight,
  }));
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
