import { expectEnglishOnly, searchBox, snapTop } from '../support/catalogue.ts';
import { failOnPageErrors, signIn, useLanguage } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

test.describe('search apps and guides', () => {
  test('qjsq and qingjia find 请假申请 with the matched characters highlighted', async ({ page }, info) => {
    failOnPageErrors(page);
    await signIn(page, 'zhangsan');
    await searchBox(page).fill('qjsq');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/workflow\/search\?keyword=qjsq/);

    const leave = page.getByTestId('search-app-leave');
    await expect(leave).toContainText('请假申请');
    // The pinyin initials are highlighted through the characters they stand for.
    await expect(leave.locator('mark.sh-hit')).toHaveText('请假申请');
    await expect(page.getByTestId('search-apps').locator('[data-testid^="search-app-"]').first()).toHaveAttribute(
      'data-testid',
      'search-app-leave',
    );
    await snapTop(page, info, 'search');

    await page.goto('/workflow/search?keyword=qingjia');
    await expect(leave.locator('mark.sh-hit').first()).toHaveText('请假');
    // The guide about leave is found too, and its title is highlighted the same way.
    await expect(page.getByTestId('search-guide-guide-leave').locator('mark.sh-hit').first()).toHaveText('请假');

    // A result opens the app's form.
    await leave.click();
    await expect(page).toHaveURL(/\/workflow\/apply\?code=leave/);
    await expect(page.getByTestId('apply-title')).toHaveText('请假申请');
  });

  test('search results in English', async ({ page }, info) => {
    failOnPageErrors(page);
    await useLanguage(page, 'en');
    await signIn(page, 'zhangsan');
    await searchBox(page).fill('leave');
    await searchBox(page).press('Enter');
    const leave = page.getByTestId('search-app-leave');
    await expect(leave).toContainText('Leave Request');
    await expect(leave.locator('mark.sh-hit').first()).toHaveText('Leave');
    await expect(page.getByTestId('search-guide-guide-leave')).toContainText('Leave and Return');
    await expectEnglishOnly(page);
    await snapTop(page, info, 'search', 'en');
  });
});
