import { clearDelegations, isMobile, shot, signedIn, startProcess, type Lang } from '../support/matters.ts';
import { expect, test } from '../support/test.ts';

/**
 * a delegation removed by the delegator leaves the delegate's open to-do at once (push event),
 * without a reload. Each project uses its own delegator, so runs side by side never share a delegation.
 */
for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`[${lang}] removing a delegation clears the delegate's open to-do live`, async ({ browser }, info) => {
    test.setTimeout(150_000);
    const delegatorAccount = isMobile(info)
      ? lang === 'zh'
        ? 'zhengshiyi'
        : 'chenshier'
      : lang === 'zh'
        ? 'wushi'
        : 'qianqi';
    const delegator = await signedIn(browser, delegatorAccount, '/workflow/index', lang);
    await clearDelegations(delegator.page.request, delegator.token, delegatorAccount);
    const now = Math.floor(Date.now() / 1000);
    const auth = { authorization: `Bearer ${delegator.token}` };
    const created = await delegator.page.request.post(`/api/user/${delegatorAccount}/entrustees`, {
      headers: auth,
      form: { appId: '', entrusteeId: 'liuxiaoming', from: String(now - 60), to: String(now + 3600) },
    });
    expect(created.status(), await created.text()).toBe(200);
    const delegationId = (await created.json()).entities[0].id as string;

    const applicant = await signedIn(browser, 'zhangsan', '/workflow/index', lang);
    const visit = await startProcess(applicant.page.request, applicant.token, 'visitor', {
      visitorName: 'E2E',
      visitorPhone: '13800000000',
      visitDate: '2026-12-01',
      visitors: 1,
      host: delegatorAccount,
      purpose: `E2E live ${lang}`,
    });
    const taskId = visit.tasks.find((x) => x.status === 'todo')!.id;

    const delegate = await signedIn(browser, 'liuxiaoming', '/workflow/todo', lang);
    const z = delegate.page;
    await expect(z.getByTestId(`todo-row-${taskId}`)).toBeVisible({ timeout: 15_000 });
    let loads = 0;
    z.on('load', () => loads++);
    const removed = await delegator.page.request.delete(`/api/user/${delegatorAccount}/entrustees/${delegationId}`, {
      headers: auth,
    });
    expect(removed.status()).toBe(200);
    await expect(z.getByTestId(`todo-row-${taskId}`)).toBeHidden({ timeout: 10_000 });
    expect(loads, 'no reload was needed').toBe(0);
    await shot(z, info, 'todo-after-delegation-removed', lang);
    for (const x of [delegator, applicant, delegate]) await x.close();
  });
}
