import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

import { settled } from './console.ts';
import { isMobile } from './matters.ts';
import { pickPerson } from './person-picker.ts';

/** axe-core on the page or one dialog of it: no critical or serious findings. */
export async function axeClean(page: Page, include?: string) {
  await settled(page); // dialogs animate in; a half-transparent frame gives no real contrast figures
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const bad = (await builder.analyze()).violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

const dialog = (info: TestInfo) => (isMobile(info) ? '.adm-popup-body' : '.ant-modal');

/** Opens a power's dialog, fills it, checks it with axe and confirms. */
export async function usePower(
  page: Page,
  info: TestInfo,
  power: 'transfer' | 'return',
  pick: { person?: string; step?: string },
  reason: string,
) {
  await page.getByTestId(`power-${power}`).click();
  const form = page.getByTestId(`power-form-${power}`);
  await expect(form).toBeVisible();
  if (pick.person) {
    if (isMobile(info)) {
      await form.locator('input').first().fill(pick.person);
      await page.getByTestId(`power-person-${pick.person}`).click();
    } else {
      await pickPerson(page, form.locator('.ant-select').first(), pick.person);
    }
  }
  if (pick.step) {
    if (isMobile(info)) await form.locator('.adm-radio', { hasText: pick.step }).click();
    else {
      await form.getByRole('combobox').click();
      const option = page.locator(`.ant-select-dropdown .ant-select-item-option[title="${pick.step}"]`);
      await expect(option).toBeVisible();
      await option.click();
      await expect(form.locator('.ant-select').first()).toContainText(pick.step);
    }
  }
  await form.locator('textarea').fill(reason);
  await axeClean(page, dialog(info));
  await page.getByTestId('power-ok').click();
  await expect(form).toBeHidden();
}
