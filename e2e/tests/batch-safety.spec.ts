import { actOn, isMobile, runTag, shot, signedIn, startProcess, tick, type Lang } from '../support/matters.ts';
import { confirmPopconfirm } from '../support/popconfirm.ts';
import { expect, test, type Page, type TestInfo } from '../support/test.ts';

const leave = (reason: string) => ({
  leaveType: 'personal',
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  days: 2,
  reason,
});
const visit = (purpose: string) => ({
  visitorName: 'E2E Visitor',
  visitorPhone: '13800000000',
  visitDate: '2026-12-01',
  visitors: 1,
  host: 'lisi',
  purpose,
});
const NAMES = {
  approve: { zh: '同意', en: 'Approve' },
  decline: { zh: '拒绝来访', en: 'Decline' },
} as const;

/** Picks the batch action shown under this name (two apps can give one id different names). */
async function choose(page: Page, id: string, name: string) {
  await expect(async () => {
    await page.locator(`[data-testid="batch-action-${id}"][data-name="${name}"]`).click();
    await expect(page.getByTestId('batch-summary')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Confirms the danger action's second question (antd Popconfirm on desktop, antd-mobile Dialog on the phone). The
 * Popconfirm's OK is clicked once the popover has settled (support/popconfirm.ts): clicked while antd zoomed it in, a
 * fresh-clone run's click missed and the decline was never sent (the visit's row still showed 10 s later).
 */
async function confirmDanger(page: Page, info: TestInfo) {
  if (isMobile(info)) await page.getByTestId('batch-reject-ok').click();
  else await confirmPopconfirm(page, '.ant-btn-dangerous');
}

async function processOf(page: Page, token: string, id: string) {
  const res = await page.request.get(`/api/process/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).entities[0] as {
    status: string;
    tasks: Array<{ status: string; actionName: string; remark: string }>;
  };
}

async function waitRow(page: Page, taskId: string) {
  await expect(page.getByTestId(`todo-row-${taskId}`)).toBeVisible({ timeout: 15_000 });
}

/**
 * On both layouts, a batch across apps shows which action each item gets and never
 * sends another app's action; a reject needs a reason and a confirmation; a ticked item handled elsewhere is
 * unticked and not counted; an item that can only fail again is not offered for retry.
 */
for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`[${lang}] batch: per-item plan across apps, reject with a reason, vanished and gone items`, async ({
    browser,
  }, info) => {
    test.setTimeout(240_000);
    const tag = runTag(info, lang);
    const student = await signedIn(browser, 'zhangsan', '/workflow/index', lang);
    const teacher = await signedIn(browser, 'lisi', '/workflow/todo', lang);
    const t = teacher.page;
    const s = student.page;

    // Item 1: two leave requests and a visitor registration, all ticked.
    const l1 = await startProcess(s.request, student.token, 'leave', leave(`${tag} a`));
    const l2 = await startProcess(s.request, student.token, 'leave', leave(`${tag} b`));
    const v = await startProcess(s.request, student.token, 'visitor', visit(`${tag} v`));
    const [a, b, c] = [l1, l2, v].map((p) => p.tasks.find((x) => x.status === 'todo')!.id);
    for (const id of [a, b, c]) await waitRow(t, id);
    for (const id of [a, b, c]) await tick(t, info, id);
    await expect(t.getByTestId('batch-open')).toContainText('3');
    await t.getByTestId('batch-open').click();
    await choose(t, 'approve', NAMES.approve[lang]);
    // Before confirming, each item says what it gets; the visit has no 同意 and is not sent.
    await expect(t.getByTestId(`batch-plan-${a}`)).toHaveAttribute('data-sent', 'yes');
    await expect(t.getByTestId(`batch-plan-${b}`)).toHaveAttribute('data-sent', 'yes');
    await expect(t.getByTestId(`batch-plan-${c}`)).toHaveAttribute('data-sent', 'no');
    await expect(t.getByTestId('batch-confirm')).toContainText('2');
    await shot(t, info, 'batch-plan', lang);
    await t.getByTestId('batch-confirm').click();
    await expect(t.getByTestId('batch-progress')).toBeHidden({ timeout: 10_000 });
    for (const id of [a, b]) await expect(t.getByTestId(`todo-row-${id}`)).toBeHidden();
    const visitAfter = await processOf(t, teacher.token, v.id);
    expect(visitAfter.status, 'the visit was not confirmed by choosing 同意').toBe('doing');
    expect((await processOf(t, teacher.token, l1.id)).tasks.some((x) => x.status === 'done')).toBe(true);

    // Item 4: the visit, still ticked, is declined — only with a reason and a second confirmation.
    await expect(t.getByTestId('batch-open')).toContainText('1');
    await t.getByTestId('batch-open').click();
    await choose(t, 'reject', NAMES.decline[lang]);
    await expect(t.getByTestId('batch-confirm')).toBeDisabled();
    await t
      .locator('textarea[data-testid="batch-reason"], [data-testid="batch-reason"] textarea')
      .first()
      .fill(`${tag} no host`);
    await expect(t.getByTestId('batch-confirm')).toBeEnabled();
    await shot(t, info, 'batch-reject', lang);
    await t.getByTestId('batch-confirm').click();
    await confirmDanger(t, info);
    await expect(t.getByTestId(`todo-row-${c}`)).toBeHidden({ timeout: 10_000 });
    const declined = await processOf(t, teacher.token, v.id);
    expect(declined.status).toBe('rejected');
    expect(declined.tasks.find((x) => x.status === 'done')?.remark).toBe(`${tag} no host`);

    // Item 3: a ticked item handled elsewhere is unticked and no longer counted.
    const l3 = await startProcess(s.request, student.token, 'leave', leave(`${tag} c`));
    const d = l3.tasks.find((x) => x.status === 'todo')!.id;
    await waitRow(t, d);
    await tick(t, info, d);
    await expect(t.getByTestId('batch-open')).toContainText('1');
    await actOn(t.request, teacher.token, d);
    await expect(t.getByTestId(`todo-row-${d}`)).toBeHidden({ timeout: 10_000 });
    if (isMobile(info)) await expect(t.getByTestId('batch-open')).toBeHidden();
    else await expect(t.getByTestId('batch-open')).toBeDisabled();

    // Handled elsewhere while the batch runs: the item fails as "gone", is unticked, and no retry is offered.
    const l4 = await startProcess(s.request, student.token, 'leave', leave(`${tag} d`));
    const e = l4.tasks.find((x) => x.status === 'todo')!.id;
    await waitRow(t, e);
    await tick(t, info, e);
    await t.route(`**/api/task/${e}`, async (route) => {
      await actOn(t.request, teacher.token, e); // someone else is quicker, on the real server
      await route.continue();
    });
    await t.getByTestId('batch-open').click();
    await choose(t, 'approve', NAMES.approve[lang]);
    await t.getByTestId('batch-confirm').click();
    await expect(t.getByTestId(`batch-error-${e}`)).toHaveAttribute('data-gone', 'yes');
    await expect(t.getByTestId('batch-retry')).toHaveCount(0);
    await shot(t, info, 'batch-gone', lang);
    await t.getByTestId('batch-close').last().click();
    if (isMobile(info)) await expect(t.getByTestId('batch-open')).toBeHidden();
    else await expect(t.getByTestId('batch-open')).toBeDisabled();

    for (const x of [student, teacher]) await x.close();
  });
}
