import { expectEnglishOnly, snapTop } from '../support/catalogue.ts';
import { expectConsoleA11y } from '../support/console.ts';
import { failOnPageErrors, signIn, useLanguage } from '../support/session.ts';
import { expect, test, type Page } from '../support/test.ts';

/** The keys of the designed form's fields, in list order. */
async function listedKeys(page: Page): Promise<string[]> {
  return page
    .getByTestId('fd-list')
    .locator('li')
    .evaluateAll((rows) => rows.map((r) => (r.getAttribute('data-testid') ?? '').replace('fd-row-', '')));
}

/** Types a range into the desktop preview's antd RangePicker: start, Enter, end, Enter. */
async function pickRange(page: Page, id: string, start: string, end: string): Promise<void> {
  const preview = page.getByTestId('fd-preview-desktop');
  await preview.locator(`#${id}`).click();
  await preview.locator(`#${id}`).fill(start);
  await preview.locator(`#${id}`).press('Enter');
  await preview.locator(`#${id}_end`).fill(end);
  await preview.locator(`#${id}_end`).press('Enter');
}

/** The form designer, on its console page: palette, settings, reorder, live preview. */
for (const lang of ['zh', 'en'] as const) {
  test(`an administrator designs a form with a date range and computed working days; both previews follow (${lang})`, async ({
    page,
  }, info) => {
    // A long journey (sign-in, the console's chunks, two previews): over 60 s on a loaded 2-core machine, as the other
    // console journeys.
    test.setTimeout(180_000);
    failOnPageErrors(page);
    await useLanguage(page, lang);
    await signIn(page, 'admin', '/workflow/admin/form-designer');
    // The console's chunk and the page's come on first use; a loaded machine takes its time.
    await expect(page.getByTestId('form-designer')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('fd-empty')).toBeVisible();
    const zh = lang === 'zh';

    // A date range, renamed and labelled; then working days computed from it, excluding weekends.
    await page.getByTestId('fd-add-dateRange').click();
    await page.getByTestId('fd-key').fill('period');
    await page.getByTestId('fd-key').press('Enter');
    await page.getByTestId('fd-label-zh').fill('使用期间');
    await page.getByTestId('fd-label-en').fill('Period');
    await page.getByTestId('fd-required').check();
    await page.getByTestId('fd-add-computed').click();
    await page.getByTestId('fd-label-zh').fill('工作日数');
    await page.getByTestId('fd-label-en').fill('Working days');
    await page.getByTestId('fd-weekends').click();
    for (const kind of ['money', 'select', 'person', 'department', 'description'])
      await page.getByTestId(`fd-add-${kind}`).click();
    expect(await listedKeys(page)).toEqual([
      'period',
      'computed1',
      'money1',
      'select1',
      'person1',
      'department1',
      'description1',
    ]);

    // The description moves to the top with the keyboard (dnd-kit: Space, arrows, Space), the money one up by button.
    const handle = page.getByTestId('fd-drag-description1');
    await handle.focus();
    // dnd-kit's live region says where the field is after each key; the next key waits for it, because dnd-kit
    // measures where the row is between steps.
    const announced = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    for (let position = 6; position >= 1; position -= 1) {
      await page.keyboard.press('ArrowUp');
      await expect(announced).toHaveText(
        zh ? new RegExp(`已移到第 ${position} 位$`) : new RegExp(`moved to position ${position}$`),
      );
    }
    await page.keyboard.press('Space');
    await expect
      .poll(() => listedKeys(page))
      .toEqual(['description1', 'period', 'computed1', 'money1', 'select1', 'person1', 'department1']);
    await page.getByTestId('fd-up-money1').click();
    await expect
      .poll(() => listedKeys(page))
      .toEqual(['description1', 'period', 'money1', 'computed1', 'select1', 'person1', 'department1']);

    // A select without options is pointed at, by field, until it has one again.
    await page.getByTestId('fd-select-select1').click();
    await expect(page.getByTestId('fd-problems')).toContainText(zh ? '表单可以发布' : 'The form can be published');
    await page
      .getByTestId('fd-options')
      .getByRole('button', { name: zh ? '删除选项 2' : 'Delete option 2' })
      .click();
    await page
      .getByTestId('fd-options')
      .getByRole('button', { name: zh ? '删除选项 1' : 'Delete option 1' })
      .click();
    await expect(page.getByTestId('fd-problem-select1')).toBeVisible();
    await expect(page.getByTestId('fd-problems')).toContainText(zh ? '请至少添加一个选项' : 'Add at least one option');
    await page.getByTestId('fd-option-add').click();
    await page.getByTestId('fd-option-zh-0').fill('化学实验室');
    await page.getByTestId('fd-option-en-0').fill('Chemistry lab');
    await expect(page.getByTestId('fd-problem-select1')).toHaveCount(0);

    // The desktop preview: the range's label, the money unit, the computed days as the dates are picked.
    const desktop = page.getByTestId('fd-preview-desktop');
    await expect(desktop.getByText(zh ? '使用期间' : 'Period', { exact: true })).toBeVisible();
    await expect(desktop.locator('.sh-kind-money')).toContainText(zh ? '元' : 'CNY');
    await expect(desktop.getByTestId('computed-root_computed1')).toContainText(
      zh ? '填写日期后自动计算' : 'Computed once the dates are filled in',
    );
    // Monday 30 November to Sunday 6 December 2026, across the month's end: five working days.
    await pickRange(page, 'root_period', '2026-11-30', '2026-12-06');
    await expect(desktop.getByTestId('computed-root_computed1')).toHaveText(zh ? '5 天' : '5 days');

    // The phone preview: the same form with the phone's renderers.
    const phone = page.getByTestId('fd-preview-phone');
    await expect(phone.getByTestId('field-period')).toContainText(zh ? '使用期间' : 'Period');
    await phone.getByTestId('field-period-start').locator('input').fill('2026-12-25');
    await phone.getByTestId('field-period-end').locator('input').fill('2027-01-03');
    // Friday 25 December to Sunday 3 January: 25, 28–31 December and 1 January.
    await expect(phone.getByTestId('computed-computed1')).toHaveText(zh ? '6 天' : '6 days');
    await expect(phone.getByTestId('field-select1')).toContainText(zh ? '化学实验室' : 'Chemistry lab');

    // Counting every day instead: the previews follow the setting.
    await page.getByTestId('fd-select-computed1').click();
    await page.getByTestId('fd-weekends').click();
    await expect(desktop.getByTestId('computed-root_computed1')).toHaveText(zh ? '7 天' : '7 days');
    await expect(phone.getByTestId('computed-computed1')).toHaveText(zh ? '10 天' : '10 days');

    await page.getByTestId('fd-select-period').click();
    await snapTop(page, info, 'form-designer', lang);
    if (!zh)
      await expectEnglishOnly(
        page,
        '[data-allow-zh], [data-testid="lang-switch"], [data-testid="fd-editor"], [data-testid="fd-json"]',
      );
    await expectConsoleA11y(page, `form designer (${lang})`);
  });
}
