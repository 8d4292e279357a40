import { isMobile, runTag, shot, signedIn, startProcess, type Lang } from '../support/matters.ts';
import { confirmPopconfirm } from '../support/popconfirm.ts';
import { expect, test } from '../support/test.ts';

const leave = (reason: string) => ({
  leaveType: 'personal',
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  days: 2,
  reason,
});
const TEXT = {
  rejectedTag: { zh: '已驳回', en: 'Rejected' },
  rejectedInfo: { zh: '您的事项已被驳回', en: 'Your item was rejected' },
} as const;

/**
 * On the detail page, 驳回 needs a reason and a confirmation and looks dangerous; the
 * rejected process is tagged red, its rejecting step is red on the timeline, and the applicant's notification says
 * rejected, not finished.
 */
for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`[${lang}] reject from the detail page with a reason; rejected shown as rejected`, async ({ browser }, info) => {
    test.setTimeout(150_000);
    const tag = runTag(info, lang);
    const student = await signedIn(browser, 'zhangsan', '/workflow/index', lang);
    const p = await startProcess(student.page.request, student.token, 'leave', leave(`${tag} reject`));
    const teacher = await signedIn(browser, 'lisi', `/workflow/detail?id=${p.id}`, lang);
    const t = teacher.page;
    await expect(t.getByTestId('task-action-reject')).toBeVisible();
    await t.getByTestId('task-action-reject').click();
    await expect(t.getByTestId('reason-required')).toBeVisible();
    await t
      .locator('textarea[data-testid="task-remark"], [data-testid="task-remark"] textarea')
      .first()
      .fill(`${tag} dates overlap exams`);
    // The confirmation opens beside the button: with the button half under the sticky header (where filling the
    // remark may have scrolled it) the popover flips sides as the page scrolls to its OK button. A member sees the
    // button on screen; so does the test.
    await t.getByTestId('task-action-reject').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await t.getByTestId('task-action-reject').click();
    // Wait for the server's answer to the reject itself (not a fixed time): on a loaded machine the status tag
    // follows only after it and the detail's re-read, which can take longer than one expect's default.
    const rejected = t.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/task/'),
    );
    if (isMobile(info)) await t.getByTestId('reject-ok').click();
    else await confirmPopconfirm(t, '.ant-btn-dangerous');
    expect((await rejected).status()).toBe(200);
    const status = t.getByTestId('process-status');
    await expect(status).toHaveAttribute('data-status', 'rejected', { timeout: 20_000 });
    await expect(status).toHaveText(TEXT.rejectedTag[lang]);
    // antd draws the tag's text in the colour, antd-mobile fills it (white text): take whichever is not white. The
    // tag's colour eases from the running blue for 0.2 s (a run read rgb(3, 99, 233) mid-way): wait for it to settle.
    const colour = () =>
      status.evaluate((el) => {
        const c = getComputedStyle(el);
        return c.color === 'rgb(255, 255, 255)' ? c.backgroundColor : c.color;
      });
    const redOverGreen = async () => {
      const [r, g, b] = (await colour()).match(/\d+/g)!.map(Number);
      return r! > g! && r! > b!;
    };
    await expect.poll(redOverGreen, { message: 'the rejected tag is red, not green or blue' }).toBe(true);
    await expect(t.getByText(`${tag} dates overlap exams`).first()).toBeVisible();
    await shot(t, info, 'detail-rejected', lang);

    const s = student.page;
    await s.goto('/workflow/infos');
    await expect(s.getByText(`${TEXT.rejectedInfo[lang]}`).first()).toBeVisible({ timeout: 15_000 });
    await shot(s, info, 'infos', lang);
    await student.close();
    await teacher.close();
  });
}
