import AxeBuilder from '@axe-core/playwright';

import { expectEnglishOnly, isMobile, snapTop } from '../support/catalogue.ts';
import { failOnPageErrors, signIn, useLanguage } from '../support/session.ts';
import { expect, test, type Page } from '../support/test.ts';

/** Picks the travel dates: the desktop's antd RangePicker (typed, Enter each) or the phone's two native date inputs. */
async function pickDates(page: Page, mobile: boolean, start: string, end: string): Promise<void> {
  if (mobile) {
    await page.getByTestId('field-period-start').locator('input').fill(start);
    await page.getByTestId('field-period-end').locator('input').fill(end);
    return;
  }
  await page.locator('#root_period').click();
  await page.locator('#root_period').fill(start);
  await page.locator('#root_period').press('Enter');
  await page.locator('#root_period_end').fill(end);
  await page.locator('#root_period_end').press('Enter');
}

const days = (mobile: boolean, page: Page) => page.getByTestId(mobile ? 'computed-days' : 'computed-root_days');

/**
 * 出差审批 (a built-in flow) uses the new field kinds: its travel dates are one date range, its days are computed from
 * it as the member picks them (the server checks the number again), its cost is money in yuan.
 */
for (const lang of ['zh', 'en'] as const) {
  test(`a business trip's days follow its date range, across the end of a month, and the request goes through (${lang})`, async ({
    page,
  }, info) => {
    failOnPageErrors(page);
    const mobile = isMobile(info);
    const zh = lang === 'zh';
    if (!zh) await useLanguage(page, 'en');
    await signIn(page, 'zhangsan', '/workflow/apply?code=business-trip');
    await expect(page.getByTestId('apply-title')).toHaveText(zh ? '出差审批' : 'Business trip');
    await expect(days(mobile, page)).toContainText(zh ? '填写日期后自动计算' : 'Computed once the dates are filled in');

    // Monday 30 November to Wednesday 2 December: three days, across the month's end.
    await pickDates(page, mobile, '2026-11-30', '2026-12-02');
    await expect(days(mobile, page)).toHaveText(zh ? '3 天' : '3 days');
    // The end moved before the start: the range is refused with the engine's words, and no days are shown.
    await pickDates(page, mobile, '2026-12-05', '2026-12-01');
    if (mobile) {
      await page.getByTestId('apply-submit').click();
      await expect(
        page.getByText(zh ? '出差期间的结束不能早于开始' : 'Travel dates cannot end before it starts').first(),
      ).toBeVisible();
    }
    await pickDates(page, mobile, '2026-12-28', '2027-01-02');
    await expect(days(mobile, page)).toHaveText(zh ? '6 天' : '6 days');

    if (mobile) {
      await page.getByTestId('field-destination').locator('input').fill('上海');
      await page
        .getByTestId('field-transport')
        .getByText(zh ? '飞机' : 'Plane', { exact: true })
        .click();
      await page.getByTestId('field-estimatedCost').locator('input').fill('2600.5');
      await page.getByTestId('field-purpose').locator('textarea').fill('E2E 出差');
    } else {
      await page.locator('#root_destination').fill('上海');
      await page.locator('#root_transport').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: zh ? '飞机' : 'Plane' })
        .first()
        .click();
      await page.locator('#root_estimatedCost').fill('2600.5');
      await page.locator('#root_purpose').fill('E2E 出差');
    }
    await expect(page.getByTestId(mobile ? 'field-estimatedCost' : 'apply-form')).toContainText(zh ? '元' : 'CNY');
    // The earlier refusal's toast has gone before the picture is taken.
    if (mobile) await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
    await snapTop(page, info, 'apply-date-range', lang);
    if (!zh)
      await expectEnglishOnly(
        page,
        '[data-allow-zh], [data-testid="lang-switch"], [data-testid="apply-form"] input, [data-testid="apply-form"] textarea',
      );
    const axe = await new AxeBuilder({ page }).include('[data-testid="apply-form"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual(
      [],
    );

    await page.getByTestId('apply-submit').click();
    await expect(page.getByTestId('apply-result')).toBeVisible();
    await expect(page.getByTestId('result-step')).toHaveText(zh ? '院系负责人审批' : 'Department head approval');
  });
}
