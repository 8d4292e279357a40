import path from 'node:path';

import { expectConsoleA11y, settled } from '../support/console.ts';
import { failOnPageErrors, signIn, snap, useLanguage } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const ICON = path.resolve(import.meta.dirname, '..', 'fixtures', 'net-repair-icon.png');

/**
 * An administrator adds the external app 网络报修 with an uploaded icon and a guide
 * linking it; a student finds it by its initials, reads the guide and opens the app. Every console page is
 * photographed and scanned by axe on the way.
 */
for (const lang of ['zh', 'en'] as const) {
  test(`admin adds 网络报修 with an icon and a guide; a student finds it by wlbx (${lang})`, async ({
    browser,
    page,
  }, info) => {
    test.setTimeout(180_000);
    failOnPageErrors(page);
    await useLanguage(page, lang);
    const code = `net-repair-${lang}`;
    await signIn(page, 'admin', '/workflow/admin/catalogue');

    // Catalogue: a new external app with an uploaded icon. The console's chunk and the page's come on first use; a
    // loaded machine takes its time (as in admin-integrations and admin-people).
    await expect(page.getByTestId('console-catalogue')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('app-new').click();
    await page.getByTestId('app-name').fill('网络报修');
    await page.getByTestId('app-name-en').fill('Network repair');
    await page.getByTestId('app-code').fill(code);
    // The department from the directory's picker fills both its names (later specs on the same server read the
    // catalogue in English).
    await page.getByTestId('app-department-pick').click();
    await page.keyboard.type(lang === 'zh' ? '信息化' : 'IT Centre');
    await expect(page.locator('.ant-select-item-option-active')).toContainText('(it)');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('app-department')).toHaveValue('信息化中心');
    await expect(page.getByTestId('app-department-en')).toHaveValue('IT Centre');
    await page.getByTestId('app-uri').fill(`/demo-external/sys-it/${code}`);
    await page.locator('input[type=file]').first().setInputFiles(ICON);
    await expect(page.getByTestId('icon-preview')).toBeVisible();
    await snap(page, info, 'console-app-form', lang);
    await expectConsoleA11y(page, 'app form');
    // Visibility by role and department: pickers, names in the UI language (left open: everyone sees 网络报修).
    await page.getByTestId('app-visible-roles').click();
    await page.keyboard.type('stu');
    await expect(
      page
        .locator('.ant-select-item-option')
        .filter({ visible: true })
        .filter({ hasText: lang === 'zh' ? '学生 (student)' : 'Student (student)' }),
    ).toBeVisible();
    await settled(page);
    await snap(page, info, 'console-app-form-visibility', lang);
    await expectConsoleA11y(page, 'app form, visibility picker');
    await page.locator('.ant-drawer-title').click();
    await page.getByTestId('app-save').click();
    await page
      .locator('input[data-testid="catalogue-filter"], [data-testid="catalogue-filter"] input')
      .first()
      .fill(code);
    await expect(page.getByTestId(`app-row-${code}`)).toBeVisible();
    await snap(page, info, 'console-catalogue', lang);
    await expectConsoleA11y(page, 'catalogue');

    // The recommended order dialog.
    await page.getByTestId('recommend-order-open').click();
    await expect(page.getByTestId('recommend-order')).toBeVisible();
    // The dialog zooms in: photograph it once it stands still.
    await settled(page);
    await snap(page, info, 'console-recommend-order', lang);
    await expectConsoleA11y(page, 'recommended order');
    await page.keyboard.press('Escape');

    // Guides: a guide whose one step links the new app, published.
    await page.getByTestId('console-nav-guides').click();
    await expect(page.getByTestId('console-guides')).toBeVisible();
    await page.getByTestId('guide-new').click();
    const title = lang === 'zh' ? '校园网报修指南' : 'Campus network repair guide';
    await page.getByTestId('guide-title-input').fill(title);
    // The English title too: later specs on the same server read the index, guides included, in English.
    await page.getByTestId('guide-title-en-input').fill('Campus network repair guide');
    await page.getByTestId('guide-step-title-0').fill(lang === 'zh' ? '在线报修' : 'Report online');
    await page.getByTestId('guide-step-text-0').click();
    await page.keyboard.type(lang === 'zh' ? '先重启路由器，再提交报修。' : 'Restart the router first, then report.');
    await page.getByTestId('guide-step-apps-0').click();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByTestId('guide-save').click();
    await expect(page.getByTestId('guide-publish')).toBeVisible();
    await page.getByTestId('guide-publish').click();
    await expect(page.getByTestId('guide-state')).toHaveText(lang === 'zh' ? '已发布' : 'Published');
    await snap(page, info, 'console-guide-form', lang);
    await expectConsoleA11y(page, 'guide form');
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
    await settled(page);
    await snap(page, info, 'console-guides', lang);
    await expectConsoleA11y(page, 'guides');

    // Look and audit log: looked at and scanned.
    await page.getByTestId('console-nav-look').click();
    await expect(page.getByTestId('console-look')).toBeVisible();
    await expect(page.getByTestId('look-image-logo')).toBeVisible();
    await snap(page, info, 'console-look', lang);
    await expectConsoleA11y(page, 'look');
    await page.getByTestId('console-nav-audit').click();
    await expect(page.getByTestId('console-audit').getByText('guide.publish').first()).toBeVisible();
    await snap(page, info, 'console-audit', lang);
    await expectConsoleA11y(page, 'audit');

    // A student finds it by its initials, reads the guide and opens the app.
    page = await (
      await browser.newContext({
        viewport: page.viewportSize() ?? undefined,
        locale: lang === 'en' ? 'en-GB' : 'zh-CN',
      })
    ).newPage();
    failOnPageErrors(page);
    await useLanguage(page, lang);
    await signIn(page, 'zhangsan', '/workflow/search?keyword=wlbx');
    await expect(page.getByTestId(`search-app-${code}`)).toBeVisible();
    await snap(page, info, 'member-search-wlbx', lang);
    await page.goto(`/workflow/search?keyword=${encodeURIComponent(title)}`);
    const guide = page.locator('[data-testid^="search-guide-guide-"]').filter({ hasText: title }).first();
    await guide.getByRole('link', { name: title }).first().click();
    await expect(page).toHaveURL(/\/workflow\/gl\//);
    await expect(page.getByText(lang === 'zh' ? '先重启路由器' : 'Restart the router').first()).toBeVisible();
    const popup = page.waitForEvent('popup');
    await page.getByTestId(`guide-app-${code}`).first().click();
    const external = await popup;
    expect(new URL(external.url()).pathname).toBe(`/demo-external/sys-it/${code}`);
    // The demo's stand-in page for an external system: its heading in Chinese, a paragraph naming it in English.
    await expect(external.locator('h1')).toHaveText('网络报修');
    await expect(external.locator('p[lang="en"]')).toContainText('"Network repair"');
  });
}
