import { expectEnglishOnly, isMobile, snapTop } from '../support/catalogue.ts';
import { servers } from '../support/servers.ts';
import { failOnPageErrors, SIGN_IN_FORM_TIMEOUT, signIn, useLanguage } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const base = servers.public.url;

test.describe('public mode (PUBLIC_MODE=true)', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`a visitor who is not signed in sees the home page (${lang})`, async ({ page }, info) => {
      failOnPageErrors(page);
      if (lang === 'en') await useLanguage(page, 'en');
      await page.goto(`${base}/workflow/home`);
      if (isMobile(info)) {
        // Public mode applies to desktop browsers only (docs/product.md §2): the phone signs in first, then sees the page.
        await expect(page.locator('input[name="username"]')).toBeVisible({ timeout: SIGN_IN_FORM_TIMEOUT });
        await signIn(page, 'zhangsan', '/workflow/home', base);
        await expect(page).toHaveURL(/\/workflow\/home/);
        await expect(page.getByTestId('home-enter')).toBeVisible();
      } else {
        await expect(page.getByTestId('page-home')).toBeVisible();
        await expect(page.getByTestId('home-sign-in')).toBeVisible();
        await expect(page.locator('input[name="username"]')).toHaveCount(0);
        // A visitor has no enterprise images (they come with the signed-in template), so the default banner shows,
        // captioned in the page's language rather than a blank blue band.
        await expect(page.getByTestId('banner-caption').first()).toContainText(
          lang === 'en' ? 'Service Hall' : '网上办事大厅',
        );
      }
      await expect(page.getByTestId('banner').locator('img').first()).toBeVisible();
      // The banner image really loaded (a broken image has no natural width).
      await expect
        .poll(() =>
          page
            .getByTestId('banner')
            .locator('img')
            .first()
            .evaluate((i: HTMLImageElement) => i.naturalWidth),
        )
        .toBeGreaterThan(0);
      await expect(page.getByTestId('page-home')).toContainText(lang === 'en' ? 'Welcome' : '欢迎');
      if (lang === 'en') await expectEnglishOnly(page);
      await snapTop(page, info, 'public-home', lang);
    });
  }
});
