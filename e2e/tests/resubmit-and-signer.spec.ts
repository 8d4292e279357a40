import { isMobile, myTaskOf, runTag, shot, signedIn, startProcess, type Lang } from '../support/matters.ts';
import { pickPerson } from '../support/person-picker.ts';
import { axeClean } from '../support/powers.ts';
import { expect, test, type Page, type TestInfo } from '../support/test.ts';

const leave = (reason: string) => ({
  leaveType: 'personal',
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  days: 2,
  reason,
});
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const TEXT = { qianqi: { zh: '钱七', en: 'Qian Qi' } } as const;

const reasonBox = (page: Page, info: TestInfo) =>
  isMobile(info) ? page.getByTestId('field-reason').locator('textarea') : page.locator('#root_reason');

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  /**
   * A request returned to its applicant (退回) is corrected on the apply page — its data
   * filled in — and resubmitted with a changed value, which the detail page then shows.
   */
  test(`[${lang}] a returned request is corrected and resubmitted with changed data`, async ({ browser }, info) => {
    test.setTimeout(180_000);
    const tag = runTag(info, lang);
    const student = await signedIn(browser, 'zhangsan', '/workflow/index', lang);
    const p = await startProcess(student.page.request, student.token, 'leave', leave(`${tag} first`));
    const lisi = await signedIn(browser, 'lisi', '/workflow/index', lang);
    const task = await myTaskOf(lisi.page.request, lisi.token, p.id);
    const back = await lisi.page.request.post(`/api/task/${task}/return`, {
      headers: auth(lisi.token),
      form: { stepId: 'resubmit', reason: `${tag} wrong dates` },
    });
    expect(back.status(), await back.text()).toBe(200);

    const s = student.page;
    await s.goto(`/workflow/detail?id=${p.id}`);
    await s.getByTestId('resubmit-edit').click();
    await expect(s.getByTestId('resubmitting')).toBeVisible();
    await expect(reasonBox(s, info)).toHaveValue(`${tag} first`);
    await reasonBox(s, info).fill(`${tag} corrected`);
    await axeClean(s);
    await shot(s, info, 'resubmit-1-correcting', lang);
    await s.getByTestId('apply-submit').click();
    await expect(s.getByTestId('apply-result')).toBeVisible();
    await s.goto(`/workflow/detail?id=${p.id}`);
    await expect(s.getByText(`${tag} corrected`).first()).toBeVisible();
    await expect(s.getByText(`${tag} first`)).toHaveCount(0);
    await expect(s.getByTestId('flow-node-counsellor')).toHaveAttribute('data-status', 'current');
    await shot(s, info, 'resubmit-2-detail', lang);
    // The counsellor has it again, with the corrected reason.
    expect(await myTaskOf(lisi.page.request, lisi.token, p.id)).toBeTruthy();
    await student.close();
    await lisi.close();
  });

  /** 加签 through the UI (it was only API-tested): the counsellor adds 钱七 before themself; 钱七 gets the task. */
  test(`[${lang}] the counsellor adds a signer from the detail page`, async ({ browser }, info) => {
    test.setTimeout(180_000);
    const tag = runTag(info, lang);
    const student = await signedIn(browser, 'zhangsan', '/workflow/index', lang);
    const p = await startProcess(student.page.request, student.token, 'leave', leave(`${tag} signer`));
    await student.close();
    const lisi = await signedIn(browser, 'lisi', `/workflow/detail?id=${p.id}`, lang);
    const l = lisi.page;
    await l.getByTestId('power-addSigner').click();
    const form = l.getByTestId('power-form-addSigner');
    await expect(form).toBeVisible();
    if (isMobile(info)) {
      await form.locator('input').first().fill('qianqi');
      await l.getByTestId('power-person-qianqi').click();
    } else {
      await pickPerson(l, form.locator('.ant-select').first(), 'qianqi', TEXT.qianqi[lang]);
    }
    await form.locator('textarea').fill(`${tag} please check the certificate first`);
    await axeClean(l);
    await shot(l, info, 'signer-1-dialog', lang);
    await l.getByTestId('power-ok').click();
    await expect(form).toBeHidden();
    await expect(l.getByTestId('power-addSigner')).toHaveCount(0); // lisi's task waits for the signer
    // The diagram names the signer at the counsellor's step.
    await expect(l.getByTestId('flow-node-counsellor')).toHaveAttribute('data-status', 'current');
    await expect(l.getByText(TEXT.qianqi[lang]).first()).toBeVisible();
    await shot(l, info, 'signer-2-added', lang);
    await lisi.close();
    const qianqi = await signedIn(browser, 'qianqi', '/workflow/index', lang);
    expect(await myTaskOf(qianqi.page.request, qianqi.token, p.id)).toBeTruthy();
    await qianqi.close();
  });
}
