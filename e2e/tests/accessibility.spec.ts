import AxeBuilder from '@axe-core/playwright';

import { accessTokenOf, startLeave } from '../support/api.ts';
import { settled } from '../support/console.ts';
import { chooseBatchAction, tick } from '../support/matters.ts';
import { failOnPageErrors, SIGN_IN_FORM_TIMEOUT, signIn, snap, useLanguage } from '../support/session.ts';
import { expect, test, type Page, type TestInfo } from '../support/test.ts';

/**
 * axe-core on every main page and dialog, on the project's layout (desktop antd / phone antd-mobile), in Chinese
 * and in English: no critical and no serious violation. Each scan waits for the page's own content so the
 * skeletons are not what is checked.
 */
type Finding = { page: string; id: string; impact: string; help: string; targets: string[] };

/** "fg on bg = ratio" of a contrast finding, so the report says which colours to change. */
function contrastOf(node: { any: Array<{ data?: unknown }> }): string {
  const d = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return d?.fgColor ? ` [${d.fgColor} on ${d.bgColor} = ${d.contrastRatio}]` : '';
}

async function scan(
  page: Page,
  info: TestInfo,
  lang: 'zh' | 'en',
  name: string,
  findings: Finding[],
  include?: string,
): Promise<void> {
  // antd animates dialogs in; a half-transparent frame gives contrast figures of no real screen: scan once still.
  await settled(page);
  // The sweep's pictures are the main screens' screenshots in its language (the list journeys take the other's).
  await snap(page, info, `a11y-${name.replaceAll(' ', '-')}`, lang);
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  // One h1 per page (axe reports a missing one only as "moderate").
  const h1 = await page.locator('h1').count();
  if (h1 !== 1) findings.push({ page: name, id: 'one-h1', impact: 'serious', help: `${h1} h1 elements`, targets: [] });
  for (const v of result.violations) {
    if (v.impact !== 'critical' && v.impact !== 'serious') continue;
    findings.push({
      page: name,
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}${contrastOf(n)}`),
    });
  }
}

async function visit(page: Page, url: string, testId: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId(testId).first()).toBeVisible();
}

const mobile = (info: TestInfo) => info.project.name.startsWith('mobile');

for (const lang of ['zh', 'en'] as const) {
  test(`every main page and dialog passes axe-core without critical or serious findings (${lang})`, async ({
    browser,
    page,
  }, info) => {
    test.setTimeout(600_000);
    const findings: Finding[] = [];
    const student = await browser.newPage();
    await useLanguage(student, lang);
    failOnPageErrors(page);
    await useLanguage(page, lang);

    // Sign-in page of the embedded IdP.
    await page.goto('/workflow/todo');
    await expect(page.locator('input[name="username"]')).toBeVisible({ timeout: SIGN_IN_FORM_TIMEOUT });
    await scan(page, info, lang, 'sign-in', findings);
    await page.locator('input[name="username"]').fill('lisi');
    await page.locator('input[name="password"]').fill('demo123');
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((u) => u.pathname.startsWith('/workflow/') && !u.pathname.includes('oidcCallback'));

    await signIn(student, 'zhangsan');
    const token = await accessTokenOf(student);
    const started = [];
    for (const n of [1, 2]) started.push(await startLeave(student.request, token, `A11Y-${lang}-${Date.now()} #${n}`));
    const taskIds = started.map((p) => p.tasks.find((t) => t.status === 'todo')!.id);

    await visit(page, '/workflow/index', 'page-apps');
    await scan(page, info, lang, 'index', findings);
    await visit(page, '/workflow/appall', 'page-appall');
    await scan(page, info, lang, 'appall', findings);

    await visit(page, '/workflow/todo', `todo-row-${taskIds[0]}`);
    await scan(page, info, lang, 'todo', findings);
    for (const id of taskIds) await tick(page, info, id);
    await page.getByTestId('batch-open').click();
    await expect(page.getByTestId('batch-confirm')).toBeVisible();
    await scan(page, info, lang, 'batch step 1', findings);
    // Hold the batch's requests so step 2 (progress) stays on screen while it is scanned.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/task/*', async (route) => {
      await held;
      await route.continue();
    });
    await chooseBatchAction(page, 'approve');
    await page.getByTestId('batch-confirm').click();
    await expect(page.getByTestId('batch-progress')).toBeVisible();
    await scan(page, info, lang, 'batch step 2', findings);
    // The second item is handled elsewhere while the batch is under way (a ticked task that leaves the to-do
    // before the batch starts is unticked), so step 3 shows a failure.
    const teacherToken = await accessTokenOf(page);
    await page.request.post(`/api/task/${taskIds[1]}`, {
      headers: { authorization: `Bearer ${teacherToken}` },
      form: { actionId: 'approve' },
    });
    release();
    await expect(page.getByTestId('batch-errors')).toBeVisible();
    await scan(page, info, lang, 'batch step 3', findings);
    await page.unroute('**/api/task/*');
    await page.getByTestId('batch-close').click();

    for (const [path, id, name] of [
      ['/workflow/doing', 'list-search', 'doing'],
      ['/workflow/done', 'year-filter', 'done'],
      ['/workflow/flow_cc', 'unread-filter', 'cc'],
      [`/workflow/detail?id=${started[0].id}`, 'process-status', 'detail'],
      ['/workflow/apply?code=leave', 'page-apply', 'apply'],
      ['/workflow/gl/guide-leave', 'page-guide', 'guide'],
      ['/workflow/entrust', 'tab-given', 'entrust'],
    ] as const) {
      await visit(page, path, id);
      await scan(page, info, lang, name, findings);
    }

    // The new-delegation dialog (desktop: from the header; phone: the sheet of the entrust page).
    await page.getByTestId(mobile(info) ? 'delegation-new' : 'header-entrust').click();
    await expect(page.getByTestId('delegation-submit')).toBeVisible();
    await scan(page, info, lang, 'entrust dialog', findings);

    const report = findings
      .map((f) => `${f.page}: ${f.impact} ${f.id} (${f.help}) at ${f.targets.join(' | ')}`)
      .join('\n');
    expect(findings, report).toEqual([]);
  });
}
