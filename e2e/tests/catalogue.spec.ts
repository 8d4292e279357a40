import { apiGet, appTile, expectEnglishOnly, isMobile, pickAntOption, snapTop } from '../support/catalogue.ts';
import { failOnPageErrors, signIn, useLanguage } from '../support/session.ts';
import { expect, test, type Page } from '../support/test.ts';

/** The department each visible catalogue entry shows. */
async function departments(page: Page, mobile: boolean): Promise<string[]> {
  if (mobile) {
    const subs = await page.locator('[data-testid="page-appall"] .shm-app-sub').allInnerTexts();
    return subs.map((s) => s.split('·')[0]!.trim());
  }
  return page.getByTestId('apps-grid').locator('.sh-app-dept').allInnerTexts();
}

test.describe('service catalogue', () => {
  test('filter by a department and clear it with all', async ({ page }, info) => {
    failOnPageErrors(page);
    const mobile = isMobile(info);
    // Both layouts filter on the full list (appall); the home page shows a preview of the catalogue (item 18).
    await signIn(page, 'zhangsan', '/workflow/appall');
    const entries = page.locator('[data-testid="page-appall"] [data-testid^="app-card-"]');
    await expect(entries.first()).toBeVisible();
    const total = await entries.count();
    expect(total).toBeGreaterThan(40);

    if (mobile) {
      await page.getByTestId('filter-department').click();
      await page
        .locator('.adm-dropdown-popup .adm-radio')
        .filter({ hasText: /^学生处$/ })
        .click();
      await expect(page.getByTestId('filter-department')).toHaveText('学生处');
    } else {
      await pickAntOption(page, page.getByTestId('filter-department'), '学生处');
      await expect(page.getByTestId('filter-department')).toContainText('主管部门: 学生处');
    }
    await expect.poll(() => entries.count()).toBeLessThan(total);
    expect(new Set(await departments(page, mobile))).toEqual(new Set(['学生处']));
    await expect(appTile(page, 'leave')).toBeVisible();
    // The dropdown's mask fades out (≈ 300 ms) after the pick: the picture is of the list, not of the fade.
    if (mobile) await expect(page.locator('.adm-dropdown-popup-mask')).toBeHidden();
    await snapTop(page, info, 'catalogue-filtered');

    if (mobile) {
      await page.getByTestId('filter-department').click();
      await page
        .locator('.adm-dropdown-popup .adm-radio')
        .filter({ hasText: /^全部$/ })
        .click();
      await expect(page.getByTestId('filter-department')).toHaveText('主管部门');
    } else {
      await pickAntOption(page, page.getByTestId('filter-department'), '全部');
      await expect(page.getByTestId('filter-department')).toContainText('主管部门: 全部');
    }
    await expect.poll(() => entries.count()).toBe(total);
  });

  test('cards show rating and completed count; the A–Z index narrows the list', async ({ page }, info) => {
    failOnPageErrors(page);
    const mobile = isMobile(info);
    await signIn(page, 'zhangsan', '/workflow/appall');
    const leave = page.getByTestId('page-appall').getByTestId('app-card-leave');
    await expect(leave).toContainText('请假申请');
    // Completed count from /stats/apps; the server's figure is what the card shows.
    const stats = await apiGet<{ entities: Array<{ id: string; processCounters: { completed: number } }> }>(
      page,
      '/api/stats/apps',
    );
    const completed = stats.entities.find((s) => s.id === 'app-leave')!.processCounters.completed;
    // With the thousands separator (1,286).
    await expect(leave).toContainText(`已办结 ${new Intl.NumberFormat('zh-CN').format(completed)} 件`);
    if (mobile) {
      // antd-mobile's IndexBar: one panel per letter, a side bar to jump.
      await expect(page.locator('.adm-index-bar-anchor-title', { hasText: /^Q$/ })).toBeVisible();
      await expect(page.locator('.adm-index-bar-sidebar-item', { hasText: /^Q$/ })).toHaveCount(1);
    } else {
      await expect(leave.getByRole('img', { name: /^评分 \d(\.5)?$/ })).toBeVisible();
      const cards = page.getByTestId('apps-grid').locator('[data-testid^="app-card-"]');
      const all = await cards.count();
      await page.getByTestId('letter-Q').click();
      await expect.poll(() => cards.count()).toBeLessThan(all);
      await expect(leave).toBeVisible();
      await expect(page.getByTestId('apps-count')).toHaveText(`共 ${await cards.count()} 项服务`);
      await page.getByTestId('letter-all').click();
      await expect.poll(() => cards.count()).toBe(all);
    }
    await snapTop(page, info, 'appall');
  });

  test('an opened app is remembered under {email}_top and shown as frequently used', async ({ page }) => {
    failOnPageErrors(page);
    await signIn(page, 'lisi');
    const email = (await apiGet<{ entities: Array<{ email: string }> }>(page, '/api/me/profile')).entities[0]!.email;
    await page.evaluate((k) => localStorage.removeItem(k), `${email}_top`);
    await page.goto('/workflow/appall');
    await page.getByTestId('page-appall').getByTestId('app-card-reimburse').click();
    await expect(page).toHaveURL(/\/workflow\/apply\?code=reimburse/);
    const top = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]'), `${email}_top`);
    expect(top).toEqual([expect.objectContaining({ code: 'reimburse', count: 1 })]);
    await page.goto('/workflow/index');
    await expect(
      page.getByTestId('section-top').locator('[data-testid="app-card-reimburse"], [data-testid="app-cell-reimburse"]'),
    ).toBeVisible();
  });

  test('the catalogue in English', async ({ page }, info) => {
    failOnPageErrors(page);
    await useLanguage(page, 'en');
    await signIn(page, 'zhangsan', '/workflow/appall');
    await expect(page.getByTestId('page-appall').getByTestId('app-card-leave')).toContainText('Leave Request');
    await expectEnglishOnly(page);
    await snapTop(page, info, 'appall', 'en');
    await page.goto('/workflow/index');
    await expect(appTile(page, 'leave')).toContainText('Leave Request');
    await expect(page.getByTestId('section-recommended')).toContainText('Recommended');
    await expectEnglishOnly(page);
    await snapTop(page, info, 'index', 'en');
  });

  test('a second page template (?solution=compact) changes the section order and the theme', async ({ page }, info) => {
    failOnPageErrors(page);
    await signIn(page, 'zhangsan');
    const order = () =>
      page
        .getByTestId('page-apps')
        .evaluate((root) =>
          [
            ...root.querySelectorAll('[data-testid="banner"], [data-testid="search-hero"], [data-testid^="section-"]'),
          ].map((e) => e.getAttribute('data-testid')),
        );
    if (isMobile(info)) {
      // A phone browser outside WeChat uses the workflow terminal's templates (the search box lives in the top bar).
      const sections = async () => (await order()).filter((s) => s?.startsWith('section-') && s !== 'section-top');
      await expect(page.getByTestId('section-guides')).toBeVisible();
      expect(await sections()).toEqual(['section-recommended', 'section-catalogue', 'section-guides']);
      await page.goto('/workflow/index?solution=compact');
      await expect(page.getByTestId('section-guides')).toBeVisible();
      expect(await sections()).toEqual(['section-catalogue', 'section-recommended', 'section-guides']);
      expect(
        await page.locator('.shm-root').evaluate((e) => getComputedStyle(e).getPropertyValue('--sh-primary').trim()),
      ).toBe('#00777b'); // the template's #08979c, darkened to 5.2:1 against white (lib/ui/accessible-colour.ts)
      await snapTop(page, info, 'index-compact');
      return;
    }
    // Default: banner, search, recommended, (frequently used), catalogue, guides; blue header.
    await expect(page.getByTestId('section-guides')).toBeVisible();
    expect((await order()).filter((s) => s !== 'section-top')).toEqual([
      'banner',
      'search-hero',
      'section-recommended',
      'section-catalogue',
      'section-guides',
    ]);
    const header = page.locator('header').first();
    // The template's #1677ff and #08979c, each darkened until white text on it reaches 5.2:1.
    await expect(header).toHaveCSS('background-color', 'rgb(3, 99, 233)');

    await page.goto('/workflow/index?solution=compact');
    await expect(page.getByTestId('section-guides')).toBeVisible();
    expect((await order()).filter((s) => s !== 'section-top')).toEqual([
      'search-hero',
      'section-catalogue',
      'section-recommended',
      'section-guides',
    ]);
    await expect(page.getByTestId('banner')).toHaveCount(0);
    await expect(header).toHaveCSS('background-color', 'rgb(0, 119, 123)');
    await snapTop(page, info, 'index-compact');
  });
});
