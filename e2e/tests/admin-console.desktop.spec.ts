import { expectConsoleA11y, scriptsOf } from '../support/console.ts';
import { failOnPageErrors, signIn, snap, useLanguage } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/** The administration console: shell, navigation by role, the lazy chunk members never download. */
for (const lang of ['zh', 'en'] as const) {
  test.describe(`administration console (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, lang);
    });

    test('a system administrator sees every page of the menu', async ({ page }, info) => {
      failOnPageErrors(page);
      await signIn(page, 'admin', '/workflow/index');
      await page.getByTestId('header-console').click();
      await expect(page).toHaveURL(/\/workflow\/admin\/catalogue$/);
      for (const key of [
        'catalogue',
        'guides',
        'look',
        'users',
        'departments',
        'roles',
        'import',
        'processes',
        'integrations',
        'definitions',
        'audit',
      ]) {
        await expect(page.getByTestId(`console-nav-${key}`)).toBeVisible();
      }
      await page.getByTestId('console-nav-users').click();
      await expect(page.getByTestId('page-title')).toHaveText(lang === 'zh' ? '用户' : 'Users');
      await snap(page, info, 'console-shell', lang);
      await expectConsoleA11y(page, 'console shell');
    });

    test("an app administrator sees their apps' pages only", async ({ page }, info) => {
      failOnPageErrors(page);
      await signIn(page, 'wangwu', '/workflow/admin/');
      await expect(page.getByTestId('console-nav-catalogue')).toBeVisible();
      await expect(page.getByTestId('console-nav-guides')).toBeVisible();
      await expect(page.getByTestId('console-nav-processes')).toBeVisible();
      await expect(page.getByTestId('console-nav-users')).toHaveCount(0);
      await expect(page.getByTestId('console-nav-audit')).toHaveCount(0);
      await snap(page, info, 'console-app-admin', lang);
    });

    test('a student is refused and never downloads the console', async ({ page }, info) => {
      failOnPageErrors(page);
      const scripts = scriptsOf(page);
      await signIn(page, 'zhangsan', '/workflow/admin/catalogue');
      await expect(page.getByTestId('console-refused')).toBeVisible();
      await expect(page.getByTestId('header-console')).toHaveCount(0);
      expect(scripts.filter((u) => /console-app|catalogue-page|guides-page|look-page|audit-page/.test(u))).toEqual([]);
      await snap(page, info, 'console-refused', lang);
      await expectConsoleA11y(page, 'console refused');
    });
  });
}
