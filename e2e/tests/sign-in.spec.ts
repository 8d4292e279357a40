import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.ts';
import { failOnPageErrors, signIn, snap, useLanguage } from '../support/session.ts';

for (const flavour of ['code', 'implicit'] as const) {
  const base = servers[flavour].url;

  test.describe(`sign-in with response type ${flavour === 'code' ? 'code + PKCE' : 'id_token token'}`, () => {
    test('zhangsan signs in, sees the catalogue, stays signed in after a reload, and signs out', async ({ page }, info) => {
      failOnPageErrors(page);
      await page.goto(`${base}/`);
      // Not signed in: the visitor lands on our sign-in page, Chinese by default, listing the demo accounts.
      await expect(page.locator('input[name="username"]')).toBeVisible();
      await expect(page.getByText('zhangsan').first()).toBeVisible();
      if (flavour === 'code') await snap(page, info, 'sign-in-page');

      await signIn(page, 'zhangsan', '/workflow/index', base);
      await expect(page).toHaveURL(/\/workflow\/index/);
      // Desktop shows the whole catalogue as cards; the phone shows recommended cells and the first catalogue rows.
      const cards = page.locator('[data-testid^="app-card-"], [data-testid^="app-cell-"]');
      await expect(cards.first()).toBeVisible();
      // The catalogue draws after the first cards (stats and favourites arrive separately): wait for all of them.
      await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(info.project.name === 'desktop' ? 40 : 10);
      // The token fragment of the implicit flow never stays in the address bar.
      expect(page.url()).not.toContain('access_token');
      if (flavour === 'code') await snap(page, info, 'index');

      await page.reload();
      await expect(cards.first()).toBeVisible();
      await expect(page).toHaveURL(/\/workflow\/index/);

      if (info.project.name === 'desktop') {
        await expect(page.getByTestId('header-user')).toContainText('张三');
        await page.getByTestId('logout').click();
        await expect(page.locator('input[name="username"]').or(page.getByTestId('home-page'))).toBeVisible();
        await page.goto(`${base}/workflow/index`);
        await expect(page.locator('input[name="username"]')).toBeVisible();
      }
    });
  });
}

test('the catalogue speaks English when the stored locale is en', async ({ page }, info) => {
  failOnPageErrors(page);
  await useLanguage(page, 'en');
  await signIn(page, 'lisi');
  await expect(page.locator('[data-testid="app-card-leave"], [data-testid="app-cell-leave"]').first()).toContainText('Leave');
  await snap(page, info, 'index', 'en');
});
