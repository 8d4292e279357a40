import AxeBuilder from '@axe-core/playwright';

import { doingWithReason, expectEnglishOnly, isMobile, snapTop } from '../support/catalogue.ts';
import { fillLeaveForm as fillLeave, setLeaveDate as setDate } from '../support/leave-form.ts';
import { failOnPageErrors, signIn, useLanguage } from '../support/session.ts';
import { expect, test, type Page } from '../support/test.ts';

/** Every write to /api/process* the page sends: a request refused in the browser must send none. */
function processWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/process'))
      writes.push(`${r.method()} ${r.url()}`);
  });
  return writes;
}

test.describe('apply for leave', () => {
  test('an end date before the start date is refused in the browser; corrected, the request is submitted and listed', async ({
    page,
  }, info) => {
    failOnPageErrors(page);
    const mobile = isMobile(info);
    await signIn(page, mobile ? 'zhangsan' : 'liuxiaoming', '/workflow/apply?code=leave');
    await expect(page.getByTestId('apply-title')).toHaveText('请假申请');
    const reason = `E2E 请假 ${Date.now()}`;
    const writes = processWrites(page);

    await fillLeave(page, mobile, { type: '事假', start: '2026-12-10', end: '2026-12-08', days: '2', reason });
    await page.getByTestId('apply-submit').click();
    await expect(page.getByText('结束日期不能早于开始日期').first()).toBeVisible();
    await snapTop(page, info, 'apply-error');
    // Nothing reached the server: the page sent no request to start it, and the server has none with this reason.
    expect(writes).toEqual([]);
    expect(await doingWithReason(page, reason)).toBe(0);

    // The half-filled form is a draft: a reload brings it back.
    await page.reload();
    await expect(page.getByTestId('draft-restored')).toBeVisible();
    const reasonBox = mobile ? page.getByTestId('field-reason').locator('textarea') : page.locator('#root_reason');
    await expect(reasonBox).toHaveValue(reason);

    await setDate(page, mobile, 'endDate', '2026-12-11');
    await page.getByTestId('apply-submit').click();
    await expect(page.getByTestId('apply-result')).toBeVisible();
    const entry = (await page.getByTestId('result-entry').innerText()).trim();
    expect(entry).toMatch(/^\d{8}-\d+$/);
    await snapTop(page, info, 'apply-success');
    expect(await doingWithReason(page, reason)).toBe(1);

    await page.goto('/workflow/doing');
    await expect(page.getByText(entry).first()).toBeVisible();
  });

  test('the apply form and its error in English', async ({ page }, info) => {
    failOnPageErrors(page);
    const mobile = isMobile(info);
    await useLanguage(page, 'en');
    await signIn(page, mobile ? 'zhangsan' : 'liuxiaoming', '/workflow/apply?code=leave');
    await expect(page.getByTestId('apply-title')).toHaveText('Leave request');
    await fillLeave(page, mobile, {
      type: 'Sick leave',
      start: '2026-12-10',
      end: '2026-12-08',
      days: '2',
      reason: 'E2E en',
    });
    await page.getByTestId('apply-submit').click();
    await expect(page.getByText('The end date cannot be before the start date').first()).toBeVisible();
    // The user's own typing is theirs; everything else must be English.
    await expectEnglishOnly(page);
    await snapTop(page, info, 'apply-error', 'en');
    if (!mobile) {
      // Clearing the form drops the draft too.
      await page.getByTestId('apply-clear').click();
      await page.reload();
      await expect(page.getByTestId('apply-title')).toHaveText('Leave request');
      await expect(page.getByTestId('draft-restored')).toHaveCount(0);
    }
    // Desktop cleared the form above; the phone still holds it (and a second tap on a chosen type would unchoose it).
    if (mobile) await setDate(page, mobile, 'endDate', '2026-12-11');
    else
      await fillLeave(page, mobile, {
        type: 'Sick leave',
        start: '2026-12-10',
        end: '2026-12-11',
        days: '2',
        reason: 'E2E en',
      });
    await page.getByTestId('apply-submit').click();
    await expect(page.getByTestId('apply-result')).toContainText('Counsellor review');
    await expectEnglishOnly(page);
    await snapTop(page, info, 'apply-success', 'en');
  });

  // The engine's own validator (@service-hall/engine/form) in the browser: the same words the server would answer.
  for (const lang of ['zh', 'en'] as const) {
    test(`100 days for 10–12 December and a reason of only spaces are refused with the engine's message (${lang})`, async ({
      page,
    }, info) => {
      failOnPageErrors(page);
      const mobile = isMobile(info);
      if (lang === 'en') await useLanguage(page, 'en');
      await signIn(page, mobile ? 'zhangsan' : 'liuxiaoming', '/workflow/apply?code=leave');
      const writes = processWrites(page);
      const text =
        lang === 'zh'
          ? { type: '病假', days: '请假天数不能超过所填日期的 3 天', reason: '请填写请假事由' }
          : {
              type: 'Sick leave',
              days: 'Days cannot be more than the 3 days of the dates given',
              reason: 'Reason is required',
            };
      await fillLeave(page, mobile, {
        type: text.type,
        start: '2026-12-10',
        end: '2026-12-12',
        days: '100',
        reason: '   ',
      });
      await page.getByTestId('apply-submit').click();
      await expect(page.getByText(text.days).first()).toBeVisible();
      await expect(page.getByText(text.reason).first()).toBeVisible();
      await snapTop(page, info, 'apply-engine-error', lang);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'critical' || v.impact === 'serious')
          .map((v) => `${v.id}: ${v.help}`),
      ).toEqual([]);
      if (lang === 'en') await expectEnglishOnly(page);
      // Nothing reached the server.
      expect(writes).toEqual([]);
      expect(await doingWithReason(page, '   ')).toBe(0);
    });
  }
});
