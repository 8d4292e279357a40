import { expectConsoleA11y, settled } from '../support/console.ts';
import { shot } from '../support/matters.ts';
import { confirmPopconfirm } from '../support/popconfirm.ts';
import { failOnPageErrors, signIn, useLanguage } from '../support/session.ts';
import { expect, test, type Page } from '../support/test.ts';

/** The secret in the once-only dialog; closes it by its one button. */
async function takeSecret(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  await expect(page.getByTestId('secret-value')).toBeVisible();
  const secret = (await page.getByTestId('secret-value').innerText()).trim();
  await page.getByTestId('secret-done').click();
  await expect(dialog).toBeHidden();
  return secret;
}

/** Every row's actions stand on one line: all its buttons at the same height, none pushed under another. */
async function expectActionsOnOneLine(page: Page) {
  // One read of the whole page: each visible row's button tops and texts.
  const rows = await page
    .getByTestId('row-actions')
    .evaluateAll((cells) =>
      cells
        .filter((c) => (c as HTMLElement).offsetParent !== null)
        .map((c) =>
          [...c.querySelectorAll('button')].map((b) => `${Math.round(b.getBoundingClientRect().top)} ${b.textContent}`),
        ),
    );
  expect(rows.length).toBeGreaterThan(0);
  for (const buttons of rows) {
    expect(buttons.length, buttons.join(' | ')).toBeGreaterThan(1);
    expect(new Set(buttons.map((b) => b.split(' ')[0])).size, buttons.join(' | ')).toBe(1);
  }
}

/**
 * In the console, a system administrator registers a system and a client for it — the secret is
 * shown once, with its warning and copy button — rotates it after confirming, switches the client off, issues the
 * system's callback secret, and registers a public PKCE client. Every screen photographed and scanned by axe.
 */
for (const lang of ['zh', 'en'] as const) {
  test(`integrations: a system, its client's secret shown once, rotation, callback secret, public clients (${lang})`, async ({
    page,
  }, info) => {
    test.setTimeout(180_000); // 2 min and more on a shared, loaded machine
    failOnPageErrors(page);
    await useLanguage(page, lang);
    const system = `sys-e2e-${lang}`;
    const client = `${system}-bot`;
    await signIn(page, 'admin', '/workflow/admin/integrations');
    await expect(page.getByTestId('console-integrations')).toBeVisible({ timeout: 30_000 });

    // A new system.
    await page.getByTestId('system-new').click();
    await page.getByTestId('system-id').fill(system);
    await page.getByTestId('system-name').fill(lang === 'zh' ? '测试业务系统' : 'Test system');
    await settled(page);
    await shot(page, info, 'console-integrations-system-form', lang);
    await expectConsoleA11y(page, 'system form');
    await page.getByTestId('system-save').click();
    await expect(page.getByTestId(`system-row-${system}`)).toBeVisible();

    // Its clients, and a new one: the secret comes once.
    await page
      .locator('tr', { has: page.getByTestId(`system-row-${system}`) })
      .locator('.ant-table-row-expand-icon')
      .click();
    await page.getByTestId(`system-new-client-${system}`).click();
    await page.getByTestId('client-id').fill(client);
    await page.getByTestId('client-name').fill(lang === 'zh' ? '同步程序' : 'Sync job');
    await settled(page);
    await shot(page, info, 'console-integrations-client-form', lang);
    await expectConsoleA11y(page, 'client form');
    await page.getByTestId('client-save').click();
    await expect(
      page
        .getByRole('dialog')
        .getByText(lang === 'zh' ? '请立即复制：密钥只显示这一次' : 'Copy it now: it is shown only this once'),
    ).toBeVisible();
    await expect(
      page
        .getByRole('dialog')
        .getByRole('button', { name: lang === 'zh' ? '复制' : 'Copy' })
        .first(),
    ).toBeVisible();
    await settled(page);
    await shot(page, info, 'console-integrations-secret', lang);
    await expectConsoleA11y(page, 'secret dialog');
    const first = await takeSecret(page);
    expect(first.length).toBeGreaterThanOrEqual(32);
    // Shown once: nowhere on the page any more.
    await expect(page.getByText(first)).toHaveCount(0);

    // Rotating asks first, then shows the new secret once.
    await page.getByTestId(`client-rotate-${client}`).click();
    await expect(page.locator('.ant-popconfirm').filter({ visible: true })).toContainText(
      lang === 'zh' ? '当前密钥将立即失效' : 'The current secret stops working at once',
    );
    await settled(page);
    await shot(page, info, 'console-integrations-rotate-confirm', lang);
    await confirmPopconfirm(page);
    const second = await takeSecret(page);
    expect(second).not.toBe(first);

    // Switched off after confirming.
    await page.getByTestId(`client-toggle-${client}`).click();
    await confirmPopconfirm(page);
    await expect(page.getByTestId(`client-toggle-${client}`)).toHaveText(lang === 'zh' ? '启用' : 'Switch on');

    // The system's callback secret: issued once.
    await page.getByTestId(`system-callback-${system}`).click();
    await confirmPopconfirm(page);
    await takeSecret(page);
    await expect(page.getByTestId(`system-callback-${system}`)).toHaveText(
      lang === 'zh' ? '更换回调密钥' : 'New callback secret',
    );
    await settled(page);
    await shot(page, info, 'console-integrations', lang);
    await expectConsoleA11y(page, 'integrations');
    await expectActionsOnOneLine(page);

    // A public client: loopback redirects, no secret.
    await page.getByRole('tab', { name: lang === 'zh' ? '公共客户端' : 'Public clients' }).click();
    await page.getByTestId('public-client-new').click();
    await page.getByTestId('client-id').fill(`cli-e2e-${lang}`);
    await page.getByTestId('client-name').fill('Hall CLI');
    await page.getByTestId('client-redirects').locator('input').fill('http://127.0.0.1/callback');
    await page.getByTestId('client-redirects').locator('input').press('Enter');
    await page.getByTestId('client-save').click();
    await expect(page.getByTestId(`client-row-cli-e2e-${lang}`)).toBeVisible();
    await expect(page.getByTestId('secret-value')).toHaveCount(0);
    await settled(page);
    await shot(page, info, 'console-integrations-public', lang);
    await expectConsoleA11y(page, 'public clients');
    await expectActionsOnOneLine(page);
  });
}
