import { expect, type Page } from '@playwright/test';

/** 请假申请's form as a member fills it: rjsf + antd widgets on desktop, antd-mobile fields on the phone. */
export interface LeaveForm {
  type: string;
  start: string;
  end: string;
  days: string;
  reason: string;
}

/** Types a date into an antd DatePicker (desktop) or a native date input (phone). */
export async function setLeaveDate(page: Page, mobile: boolean, field: string, value: string): Promise<void> {
  if (mobile) {
    await page.getByTestId(`field-${field}`).locator('input').fill(value);
    return;
  }
  const input = page.locator(`#root_${field}`);
  await input.click();
  await input.fill(value);
  // Tab commits the typed date; Enter would also submit the form.
  await input.press('Tab');
  await expect(input).toHaveValue(value);
}

export async function fillLeaveForm(page: Page, mobile: boolean, f: LeaveForm): Promise<void> {
  if (mobile) {
    await page.getByTestId('field-leaveType').getByText(f.type, { exact: true }).click();
    await page.getByTestId('field-startDate').locator('input').fill(f.start);
    await page.getByTestId('field-endDate').locator('input').fill(f.end);
    await page.getByTestId('field-days').locator('input').fill(f.days);
    await page.getByTestId('field-reason').locator('textarea').fill(f.reason);
    return;
  }
  await page.locator('#root_leaveType').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: f.type })
    .first()
    .click();
  await setLeaveDate(page, mobile, 'startDate', f.start);
  await setLeaveDate(page, mobile, 'endDate', f.end);
  await page.locator('#root_days').fill(f.days);
  await page.locator('#root_reason').fill(f.reason);
}

/** The file input of an attachment field: the desktop Upload's, or the phone's "album or files" one. */
export const attachmentInput = (page: Page, mobile: boolean, field: string) =>
  mobile ? page.getByTestId(`file-input-${field}`) : page.getByTestId(`field-${field}`).locator('input[type="file"]');
