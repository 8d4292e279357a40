import {
  clearDelegations,
  delegationIds,
  isMobile,
  shot,
  signedIn,
  startProcess,
  TEXT,
  type Lang,
} from '../support/matters.ts';
import { confirmPopconfirm } from '../support/popconfirm.ts';
import { expect, test, type Page } from '../support/test.ts';

const NAMES = {
  lisi: { zh: '李四', en: 'Li Si' },
  wangwu: { zh: '王五', en: 'Wang Wu' },
  zhaoliu: { zh: '赵六', en: 'Zhao Liu' },
} as const;

const leave = (reason: string) => ({
  leaveType: 'personal',
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  days: 2,
  reason,
});
const reimburse = { amount: 1280, category: 'travel', invoiceCount: 3, description: 'E2E delegation' };

/** "YYYY-MM-DD" in the browser's time zone (Asia/Shanghai in the config). */
function shanghaiDay(seconds: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(seconds * 1000));
}

/** Desktop: the header's delegation modal (770 wide, two tabs) with the create form. */
async function createOnDesktop(page: Page, delegate: string) {
  await page.getByTestId('header-entrust').click();
  const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('delegation-form') });
  await expect(modal).toBeVisible();
  await page.getByTestId('delegation-user').click();
  await page.keyboard.type(delegate);
  await page.locator('.ant-select-item-option').filter({ hasText: delegate }).first().click();
  const now = Math.floor(Date.now() / 1000);
  const inputs = modal.locator('[data-testid="delegation-range"] input, .ant-picker-range input');
  // Whole days, both inclusive: yesterday cannot be picked; today to tomorrow can.
  await inputs.nth(0).click();
  const dropdown = page.locator('.ant-picker-dropdown:visible');
  await expect(dropdown.locator(`td[title="${shanghaiDay(now - 86_400)}"]`).first()).toHaveClass(
    /ant-picker-cell-disabled/,
  );
  await dropdown
    .locator(`td[title="${shanghaiDay(now)}"]`)
    .first()
    .click();
  await dropdown
    .locator(`td[title="${shanghaiDay(now + 86_400)}"]`)
    .first()
    .click();
  await page.getByTestId('delegation-submit').click();
  return modal;
}

/** Phone: the entrust page's sheet (delegate from the directory; all apps, now to tomorrow by default). */
async function createOnMobile(page: Page, delegate: string) {
  await page.getByTestId('delegation-new').click();
  await expect(page.getByRole('dialog', { name: /新建委托|New delegation/ })).toBeVisible();
  // The app picker understands pinyin initials: qjsq finds 请假申请; then all apps are kept.
  await page.getByTestId('delegation-app').click();
  await page.getByTestId('delegation-app-search').locator('input').fill('qjsq');
  await expect(page.getByTestId('delegation-app-picker').locator('.adm-check-list-item')).toHaveCount(1);
  await expect(page.getByTestId('delegation-app-leave')).toBeVisible();
  await page.getByTestId('delegation-app-search').locator('input').fill('');
  await page.getByTestId('delegation-app-all').click();
  await expect(page.getByTestId('delegation-app-picker')).toBeHidden();
  await page.getByTestId('delegation-user').locator('input').fill(delegate);
  await page.getByTestId(`delegation-user-${delegate}`).click();
  await page.getByTestId('delegation-submit').click();
}

/**
 * A delegator gives all apps to zhaoliu; zhaoliu sees it under 委托我的 and the delegator's new task in his to-do,
 * marked as delegated with the delegator's name; the delegator deletes it. Desktop uses lisi (the case);
 * the phone uses wangwu, so the two projects running side by side never hold overlapping windows for one person.
 */
for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`[${lang}] delegation: create, seen by the delegate with the delegated task, delete`, async ({
    browser,
  }, info) => {
    test.setTimeout(180_000);
    const mobile = isMobile(info);
    const from = mobile ? 'wangwu' : 'lisi';
    const delegator = await signedIn(browser, from, mobile ? '/workflow/entrust' : '/workflow/todo', lang);
    await clearDelegations(delegator.page.request, delegator.token, from);
    const d = delegator.page;

    if (mobile) {
      await d.reload();
      await createOnMobile(d, 'zhaoliu');
    } else {
      await createOnDesktop(d, 'zhaoliu');
    }
    await expect(d.getByText(TEXT.created[lang]).first()).toBeVisible();
    const [id] = await delegationIds(d.request, delegator.token, from);
    expect(id, 'the delegation was stored').toBeTruthy();
    await expect(d.getByTestId(`delegation-row-${id}`)).toContainText(NAMES.zhaoliu[lang]);
    await expect(d.getByTestId('delegation-banner').first()).toContainText(NAMES.zhaoliu[lang]);
    await shot(d, info, 'entrust-given', lang);

    // The delegate sees it under 委托我的 …
    const delegate = await signedIn(browser, 'zhaoliu', '/workflow/entrust', lang);
    const z = delegate.page;
    await z.getByTestId('tab-received').click();
    await expect(z.getByTestId(`delegation-row-${id}`)).toContainText(NAMES[from][lang]);
    await shot(z, info, 'entrust-received', lang);

    // … and the delegator's new task in his to-do, marked as delegated with the delegator's name.
    const applicant = await signedIn(browser, mobile ? 'lisi' : 'zhangsan', '/workflow/index', lang);
    const started = mobile
      ? await startProcess(applicant.page.request, applicant.token, 'reimburse', reimburse)
      : await startProcess(applicant.page.request, applicant.token, 'leave', leave(`E2E delegation ${lang}`));
    const taskId = started.tasks.find((x) => x.status === 'todo')!.id;
    await z.goto('/workflow/todo');
    await expect(z.getByTestId(`todo-row-${taskId}`)).toBeVisible();
    await expect(z.getByTestId(`todo-entrusted-${taskId}`)).toContainText(NAMES[from][lang]);
    await shot(z, info, 'todo-delegated', lang);

    // The delegator deletes it (删除成功); the task leaves the delegate's list. The row goes when the DELETE has
    // been answered (the list drops it then, without waiting for a re-read on a busy server), so wait for that
    // answer rather than for a time; the message is matched whole ("Deleted" alone matched other text too).
    const deleted = d.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/entrustees/${id}`),
    );
    await d.getByTestId(`delegation-delete-${id}`).click();
    if (mobile) await d.locator('.adm-dialog-action-row button, .adm-dialog-footer button').last().click();
    else await confirmPopconfirm(d);
    expect((await deleted).status()).toBe(200);
    await expect(d.getByText(TEXT.deleted[lang], { exact: true }).first()).toBeVisible();
    await expect(d.getByTestId(`delegation-row-${id}`)).toBeHidden();
    await z.reload();
    await expect(z.getByTestId('list-search')).toBeVisible();
    await expect(z.getByTestId(`todo-row-${taskId}`)).toBeHidden();

    for (const x of [delegator, delegate, applicant]) await x.close();
  });
}
