import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Chooses a person in a desktop people picker (an antd Select searching the directory): types `typed`, waits for the
 * directory's answer to the last keystroke, clicks the option showing `shown` and checks the picker now shows it.
 * The picker asks again on every keystroke and each answer replaces the options, so a click made before the last
 * answer can land on a list being replaced and choose no one (a run saw the dialog refuse OK with "请选择人员").
 */
export async function pickPerson(page: Page, select: Locator, typed: string, shown = typed): Promise<void> {
  await select.click();
  await page.keyboard.type(typed);
  await expect(select).not.toHaveClass(/\bant-select-loading\b/);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: shown }).first().click();
  await expect(select).toContainText(shown);
}
