import { expect, type Page } from '@playwright/test';

import { settled } from './console.ts';

/**
 * Clicks the OK button of the antd Popconfirm that is showing (`.ant-btn-primary`, or `.ant-btn-dangerous` for a
 * dangerous one) and waits until it has closed.
 *
 * Opened first. Clicked while antd still zooms it in, OK is "not stable"; Playwright's later attempts scroll it to
 * the viewport's top edge (its scroll alignment changes on every retry), under the fixed header, where the popover
 * re-aligns to its scrolled-away trigger mid-click: the click then missed and the Popconfirm stayed open with no
 * request sent (a trace of admin-integrations: no PUT, page scrolled 440 px during the click; detail-reject in a
 * fresh-clone run: the reject never sent, the Popconfirm still open 30 s later). A reader's click does not scroll the
 * page.
 */
export async function confirmPopconfirm(
  page: Page,
  button: '.ant-btn-primary' | '.ant-btn-dangerous' = '.ant-btn-primary',
): Promise<void> {
  await page.locator('.ant-popconfirm').filter({ visible: true }).first().waitFor();
  await settled(page);
  // Popovers closed earlier stay in the page, hidden: click the one showing.
  await page.locator(`.ant-popconfirm-buttons ${button}`).filter({ visible: true }).click();
  // Gone before the next one opens, so two never show at once.
  await expect(page.locator('.ant-popconfirm').filter({ visible: true })).toHaveCount(0);
}
