import {
  actOn,
  approveAll,
  chooseBatchAction,
  chooseYear,
  isMobile,
  rate,
  runTag,
  searchList,
  shot,
  signedIn,
  startProcess,
  TEXT,
  tick,
  type Lang,
} from '../support/matters.ts';
import { expect, test } from '../support/test.ts';

const leave = (reason: string) => ({
  leaveType: 'personal',
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  days: 2,
  reason,
});
const certificate = { purpose: 'visa', language: 'both', copies: 2 };

/**
 * The "my matters" main flow, on the real server: a student's requests reach the counsellor's to-do
 * live, batch handling (all succeed; one fails on purpose), the student's done list with the year filter and a
 * keyword held in the URL, a rating, and a copied user's unread filter with mark read.
 */
for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`[${lang}] my matters: live to-do, batch handling, done and rating, copied to me`, async ({ browser }, info) => {
    test.setTimeout(240_000);
    const tag = runTag(info, lang);
    const student = await signedIn(browser, 'zhangsan', '/workflow/index', lang);
    const teacher = await signedIn(browser, 'lisi', '/workflow/todo', lang);
    const t = teacher.page;
    await expect(t.getByTestId('list-search')).toBeVisible();
    await expect(t.locator('.ant-table-tbody, [data-testid="todo-rows"]').first()).toBeVisible();
    let reloads = 0;
    t.on('load', () => reloads++);

    // zhangsan submits four leave requests; lisi's open list shows them without a reload.
    const started = [];
    for (const n of [1, 2, 3, 4])
      started.push(await startProcess(student.page.request, student.token, 'leave', leave(`${tag} #${n}`)));
    const [a, b, c, d] = started.map((p) => p.tasks.find((x) => x.status === 'todo')!.id);
    for (const id of [a, b, c, d]) await expect(t.getByTestId(`todo-row-${id}`)).toBeVisible({ timeout: 15_000 });
    expect(reloads, 'the list refreshed without a page load').toBe(0);
    if (!isMobile(info)) await expect(t.getByTestId('count-todo')).toBeVisible();
    await shot(t, info, 'todo', lang);
    // When a task arrived reads in the page's language, whatever the browser's (this browser is zh-CN): an English
    // page once said "1分钟前".
    if (lang === 'en') await expect(t.getByTestId(`todo-row-${a}`)).toContainText(/just now|minutes? ago/);

    // Batch 1: three ticked; while the dialog is open the fourth request is handled elsewhere: it leaves the list and
    // the selection and is not counted. The other two both succeed → progress, success message, the modal closes by
    // itself after ~1 s.
    await tick(t, info, a);
    await tick(t, info, b);
    await tick(t, info, d);
    await t.getByTestId('batch-open').click();
    await expect(t.getByTestId('batch-confirm')).toBeDisabled();
    await actOn(t.request, teacher.token, d);
    await expect(t.getByText(TEXT.ticked[lang](2)).first()).toBeVisible();
    await expect(t.getByTestId('batch-open')).toContainText('2');
    await chooseBatchAction(t, 'approve');
    await expect(t.getByTestId('batch-confirm')).toContainText('2');
    await shot(t, info, 'batch-step1', lang);
    await t.getByTestId('batch-confirm').click();
    await expect(t.getByTestId('batch-progress')).toBeVisible();
    await expect(t.getByText(TEXT.batchDone[lang]).first()).toBeVisible();
    await shot(t, info, 'batch-step2', lang);
    await expect(t.getByTestId('batch-progress')).toBeHidden({ timeout: 5_000 });
    for (const id of [a, b, d]) await expect(t.getByTestId(`todo-row-${id}`)).toBeHidden();

    // Batch 2: the third is handled elsewhere while the batch runs, so it fails: serial number and error shown;
    // it can only fail again, so it is unticked and no retry is offered.
    await tick(t, info, c);
    await t.route(`**/api/task/${c}`, async (route) => {
      await actOn(t.request, teacher.token, c);
      await route.continue();
    });
    await t.getByTestId('batch-open').click();
    await chooseBatchAction(t, 'approve');
    await t.getByTestId('batch-confirm').click();
    const errors = t.getByTestId('batch-errors');
    await expect(errors).toBeVisible();
    await expect(t.getByTestId(`batch-error-${c}`)).toContainText(started[2].entry);
    await expect(t.getByTestId(`batch-error-${c}`)).toHaveAttribute('data-gone', 'yes');
    await shot(t, info, 'batch-step3', lang);
    await expect(t.getByTestId('batch-retry')).toHaveCount(0);
    await t.getByTestId('batch-close').last().click();
    await expect(errors).toBeHidden();
    if (isMobile(info)) await expect(t.getByTestId('batch-open')).toBeHidden();
    else await expect(t.getByTestId('batch-open')).toBeDisabled();

    // The department head finishes the first two, so they are done for zhangsan.
    const head = await signedIn(browser, 'wangwu', '/workflow/flow_cc', lang);
    await approveAll(head.page.request, head.token, [started[0].id, started[1].id]);

    // zhangsan's done list: this year, searched by the first one's serial number; the URL holds both filters.
    const s = student.page;
    const [first, second] = started;
    await s.goto('/workflow/done');
    await chooseYear(s, info, new Date().getFullYear());
    await expect(s).toHaveURL(/timestamps=/);
    await expect(s.getByTestId(`process-row-${first.id}`)).toBeVisible();
    await expect(s.getByTestId(`process-row-${second.id}`)).toBeVisible();
    await expect(s.getByTestId(`process-row-${started[2].id}`)).toBeHidden(); // lisi approved it; the head has not
    await shot(s, info, 'done', lang);
    await searchList(s, first.entry);
    await expect(s).toHaveURL(/timestamps=.*keyword=|keyword=.*timestamps=/);
    await expect(s.getByTestId(`process-row-${second.id}`)).toBeHidden();
    await expect(s.getByTestId(`process-row-${first.id}`)).toBeVisible();
    // A reload keeps the year and the keyword.
    await s.reload();
    await expect(s).toHaveURL(/timestamps=.*keyword=|keyword=.*timestamps=/);
    await expect(s.locator('input[data-testid="list-search"], [data-testid="list-search"] input').first()).toHaveValue(
      first.entry,
    );
    await expect(s.getByTestId(`process-row-${first.id}`)).toBeVisible();
    await expect(s.getByTestId(`process-row-${second.id}`)).toBeHidden();
    await shot(s, info, 'done-filtered', lang);

    // He rates one.
    if (isMobile(info)) await s.getByTestId(`process-row-${first.id}`).click();
    else await s.getByTestId(`process-open-${first.id}`).click();
    await expect(s.getByTestId('process-detail')).toBeVisible();
    await rate(s, info, 4);
    await expect(s.getByText(TEXT.rated[lang]).first()).toBeVisible();
    await shot(s, info, 'detail', lang);

    // A certificate is copied to the head (wangwu) when it is issued; he filters unread and marks it read.
    const cert = await startProcess(s.request, student.token, 'enrolment-certificate', certificate);
    const registrar = await signedIn(browser, 'sunba', '/workflow/todo', lang);
    await approveAll(registrar.page.request, registrar.token, [cert.id]);
    const h = head.page;
    await h.getByTestId('unread-filter').click();
    await expect(h).toHaveURL(/unread=true/);
    await expect(h.getByTestId(`process-row-${cert.id}`)).toBeVisible({ timeout: 15_000 });
    await shot(h, info, 'cc', lang);
    await h.getByTestId(`mark-read-${cert.id}`).click();
    await expect(h.getByText(TEXT.markedRead[lang]).first()).toBeVisible();
    await expect(h.getByTestId(`process-row-${cert.id}`)).toBeHidden();

    for (const x of [student, teacher, head, registrar]) await x.close();
  });
}
