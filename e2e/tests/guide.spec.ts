import { appTile, expectEnglishOnly, snapTop } from '../support/catalogue.ts';
import { failOnPageErrors, signIn, snap, useLanguage } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/** External systems of the demo catalogue live on other hosts; the test answers for them (never for our server). */

test.describe('service guides', () => {
  test('open a guide from the home page and start an app from one of its steps', async ({ page }, info) => {
    failOnPageErrors(page);
    await signIn(page, 'zhangsan');
    await page.getByTestId('section-guides').getByTestId('guide-card-guide-leave').click();
    await expect(page).toHaveURL(/\/workflow\/gl\/guide-leave$/);
    await expect(page.getByTestId('guide-title')).toHaveText('请假与销假流程');
    await expect(page.getByTestId('guide-step-1')).toHaveText('提交请假申请');
    await expect(page.getByTestId('guide-step-3')).toHaveText('返校销假');
    // Step text is rich HTML, rendered (sanitised), not shown as tags.
    await expect(page.getByTestId('page-guide').locator('.sh-rich strong').first()).toHaveText('请假申请');
    await snapTop(page, info, 'guide');

    await page.getByTestId('guide-app-leave').first().click();
    await expect(page).toHaveURL(/\/workflow\/apply\?code=leave/);
    await expect(page.getByTestId('apply-title')).toHaveText('请假申请');
  });

  test('an external app opens its own uri, from a guide step and from the catalogue', async ({ page }, info) => {
    failOnPageErrors(page);
    await signIn(page, 'zhangsan', '/workflow/gl/guide-freshman');
    await expect(page.getByTestId('guide-mainpic')).toBeVisible();
    const fromGuide = page.waitForEvent('popup');
    await page.getByTestId('guide-app-tuition').first().click();
    // The demo's external systems are pages our server serves: the tab shows what would open, not a browser error.
    const external = await fromGuide;
    expect(new URL(external.url()).pathname).toBe('/demo-external/sys-cwxt/jf');
    await expect(external.locator('h1')).toHaveText('学费缴纳');
    await snap(external, info, 'demo-external');
    await expect(page).toHaveURL(/\/workflow\/gl\/guide-freshman$/);

    await page.goto('/workflow/appall');
    const fromCard = page.waitForEvent('popup');
    await appTile(page, 'tuition').click();
    expect(new URL((await fromCard).url()).pathname).toBe('/demo-external/sys-cwxt/jf');
  });

  test('a guide in English', async ({ page }, info) => {
    failOnPageErrors(page);
    await useLanguage(page, 'en');
    await signIn(page, 'zhangsan', '/workflow/gl/guide-leave');
    await expect(page.getByTestId('guide-title')).toHaveText('Leave and Return');
    await expect(page.getByTestId('guide-step-1')).toHaveText('Submit a leave request');
    await expectEnglishOnly(page);
    await snapTop(page, info, 'guide', 'en');
  });
});
