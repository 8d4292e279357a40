import { approveInTurn, runTag, shot, signedIn, startProcess, type Lang } from '../support/matters.ts';
import { axeClean, usePower } from '../support/powers.ts';
import { expect, test, type Page } from '../support/test.ts';

const leave = (reason: string) => ({
  leaveType: 'personal',
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  days: 2,
  reason,
});
const TEXT = {
  submittedBy: { zh: '张三 提交申请', en: 'Submitted by Zhang San' },
  applicant: { zh: '申请人（重新提交）', en: 'Applicant (to resubmit)' },
  completed: { zh: '已办结', en: 'Completed' },
} as const;

const nodeStatus = (page: Page, id: string) => page.getByTestId(`flow-node-${id}`);

/**
 * the applicant submits 请假申请; the counsellor transfers it; the new approver returns it
 * to the applicant, who resubmits and urges; it finishes. The detail page's diagram shows each stage.
 */
for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`[${lang}] transfer, return to the applicant, resubmit, urge, finish; the diagram follows`, async ({
    browser,
  }, info) => {
    test.setTimeout(240_000);
    const tag = runTag(info, lang);
    const student = await signedIn(browser, 'zhangsan', '/workflow/index', lang);
    const p = await startProcess(student.page.request, student.token, 'leave', leave(`${tag} powers`));
    const detail = `/workflow/detail?id=${p.id}`;

    // The counsellor sees where it is and transfers it, with a reason.
    const lisi = await signedIn(browser, 'lisi', detail, lang);
    await expect(nodeStatus(lisi.page, 'counsellor')).toHaveAttribute('data-status', 'current');
    await expect(lisi.page.getByTestId('timeline-submitted')).toContainText(TEXT.submittedBy[lang]);
    await shot(lisi.page, info, 'powers-1-submitted', lang);
    await usePower(lisi.page, info, 'transfer', { person: 'zhaoliu' }, `${tag} away this week`);
    await expect(lisi.page.getByTestId('power-transfer')).toHaveCount(0);
    await lisi.close();

    // The new approver returns it to the applicant.
    const zhaoliu = await signedIn(browser, 'zhaoliu', detail, lang);
    await expect(zhaoliu.page.getByText(`${tag} away this week`).first()).toBeVisible();
    await axeClean(zhaoliu.page);
    await shot(zhaoliu.page, info, 'powers-2-transferred', lang);
    await usePower(zhaoliu.page, info, 'return', { step: TEXT.applicant[lang] }, `${tag} add the certificate`);
    await zhaoliu.close();

    // The applicant sees it back with them, resubmits it and urges the counsellor.
    const s = student.page;
    await s.goto(detail);
    await expect(nodeStatus(s, 'start')).toHaveAttribute('data-status', 'current');
    await expect(s.getByText(`${tag} add the certificate`).first()).toBeVisible();
    await shot(s, info, 'powers-3-returned', lang);
    // Nobody to urge while it waits on the applicant.
    await expect(s.getByTestId('urge')).toHaveCount(0);
    await s.getByTestId('task-action-resubmit').click();
    await expect(nodeStatus(s, 'counsellor')).toHaveAttribute('data-status', 'current');
    await s.getByTestId('urge').click();
    await expect(s.getByTestId('urge-wait')).toBeVisible();
    await axeClean(s);
    await shot(s, info, 'powers-4-resubmitted-urged', lang);

    // Counsellor and head approve; the diagram shows every node done.
    await approveInTurn(browser, ['lisi', 'wangwu'], p.id, lang);
    await s.goto(detail);
    await expect(s.getByTestId('process-status')).toHaveAttribute('data-status', 'completed');
    for (const id of ['start', 'counsellor', 'head', 'end'])
      await expect(nodeStatus(s, id)).toHaveAttribute('data-status', 'done');
    await expect(nodeStatus(s, 'end')).toHaveText(TEXT.completed[lang]);
    await shot(s, info, 'powers-5-completed', lang);
    await student.close();
  });
}
