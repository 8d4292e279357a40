import { expectConsoleA11y, settled } from '../support/console.ts';
import { runTag, shot, signedIn, startProcess, type Lang } from '../support/matters.ts';
import { expect, test, type Page } from '../support/test.ts';

/** Text as GBK bytes, as a Chinese spreadsheet exports CSV (Node decodes GBK but has no encoder). */
function gbk(text: string): Buffer {
  const decoder = new TextDecoder('gbk');
  const table = new Map<string, number[]>();
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      const ch = decoder.decode(new Uint8Array([lead, trail]));
      if (trail !== 0x7f && ch.length === 1 && !table.has(ch)) table.set(ch, [lead, trail]);
    }
  }
  return Buffer.from([...text].flatMap((ch) => (ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : table.get(ch)!)));
}

const leave = (reason: string) => ({
  leaveType: 'personal',
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  days: 2,
  reason,
});

async function openConsolePage(page: Page, key: string) {
  await page.getByTestId(`console-nav-${key}`).click();
  await expect(page.getByTestId(`console-${key}`)).toBeVisible();
}

/**
 * In the console: people (users, departments, roles, a 200-person GBK import after a dry run)
 * and processes (a stuck task handed to someone else, who sees it arrive live in their open to-do).
 */
for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`[${lang}] admin imports 200 users from a GBK CSV after a dry run; people screens`, async ({
    browser,
  }, info) => {
    test.setTimeout(180_000);
    const tag = runTag(info, lang).toLowerCase();
    const admin = await signedIn(browser, 'admin', '/workflow/admin/people/import', lang);
    const page = admin.page;
    await expect(page.getByTestId('console-import')).toBeVisible({ timeout: 30_000 });
    const rows = ['账号,姓名,部门,角色,邮箱'];
    for (let i = 1; i <= 200; i++) rows.push(`${tag}-${i},导入学生${i},计算机学院,student,${tag}-${i}@demo.edu.cn`);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'people-gbk.csv', mimeType: 'text/csv', buffer: gbk(`${rows.join('\r\n')}\r\n`) });
    await expect(page.getByTestId('import-file')).toHaveText('people-gbk.csv');
    await expect(page.getByTestId('import-apply')).toBeDisabled();
    await page.getByTestId('import-preview').click();
    const summary = page.getByTestId('import-summary');
    await expect(summary).toContainText(lang === 'zh' ? '将新建 200 条' : '200 to create');
    await expect(page.getByTestId('import-rows')).toContainText(`${tag}-1`);
    await shot(page, info, 'admin-import-preview', lang);
    await expectConsoleA11y(page, 'import preview');
    await page.getByTestId('import-apply').click();
    await expect(summary).toContainText(lang === 'zh' ? '新建 200 条' : '200 created');
    await shot(page, info, 'admin-import-applied', lang);

    await openConsolePage(page, 'users');
    await page.getByTestId('user-search').locator('input').fill(`${tag}-137`);
    await page.getByTestId('user-search').locator('input').press('Enter');
    await expect(page.getByRole('cell', { name: '导入学生137', exact: true })).toBeVisible();
    await page.getByTestId('user-search').locator('input').fill('');
    await page.getByTestId('user-search').locator('input').press('Enter');
    await expect(page.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
    await shot(page, info, 'admin-users', lang);
    await expectConsoleA11y(page, 'users');
    await page.getByTestId('user-new').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, info, 'admin-user-new', lang);
    await expectConsoleA11y(page, 'new user dialog');
    await page.keyboard.press('Escape');

    await openConsolePage(page, 'departments');
    await expect(page.getByText(lang === 'zh' ? '计算机学院' : 'School of Computer Science').first()).toBeVisible();
    await shot(page, info, 'admin-departments', lang);
    await expectConsoleA11y(page, 'departments');
    // A department's dialog: its parent picked from the tree's departments, its head from the directory.
    await page
      .getByText(lang === 'zh' ? '计算机学院' : 'School of Computer Science')
      .first()
      .click();
    await expect(page.getByRole('dialog')).toContainText(
      lang === 'zh' ? '编辑部门 · 计算机学院' : 'Edit department · School of Computer Science',
    );
    await settled(page);
    await shot(page, info, 'admin-department-edit', lang);
    await expectConsoleA11y(page, 'department dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await openConsolePage(page, 'roles');
    await expect(page.getByRole('cell', { name: 'student', exact: true })).toBeVisible();
    await shot(page, info, 'admin-roles', lang);
    await expectConsoleA11y(page, 'roles');
    // A role's members, added through the directory's people picker.
    await page
      .getByRole('row', { name: /student/ })
      .first()
      .getByRole('button', { name: lang === 'zh' ? '成员' : 'Members' })
      .click();
    await expect(page.getByRole('dialog')).toContainText(lang === 'zh' ? '学生的成员' : 'Members of Student');
    await settled(page);
    await shot(page, info, 'admin-role-members', lang);
    await expectConsoleA11y(page, 'role members');
    await page.keyboard.press('Escape');
    await admin.close();
  });

  test(`[${lang}] admin reassigns a stuck task and the new assignee sees it live`, async ({ browser }, info) => {
    test.setTimeout(180_000);
    const tag = runTag(info, lang);
    const student = await signedIn(browser, 'zhangsan', '/workflow/index', lang);
    const stuck = await startProcess(student.page.request, student.token, 'leave', leave(`${tag} stuck`));
    const assignee = await signedIn(browser, 'zhoujiu', '/workflow/todo', lang);
    let loads = 0;
    assignee.page.on('load', () => loads++);

    const admin = await signedIn(browser, 'admin', '/workflow/admin/processes', lang);
    const page = admin.page;
    // The console's chunk and the page's come on first use; a loaded machine takes its time.
    await expect(page.getByTestId('console-processes')).toBeVisible({ timeout: 30_000 });
    await shot(page, info, 'admin-processes', lang);
    await expectConsoleA11y(page, 'processes');
    await page.getByTestId('process-keyword').fill(stuck.entry);
    await page.getByTestId('process-search').click();
    await expect(page.getByRole('cell', { name: stuck.entry })).toBeVisible();
    // The button of this process's row: on a loaded machine the unfiltered page (where the newest process shows
    // too) can still be on screen when its cell appears, and a bare test id then matched every row's button.
    await page.getByRole('row', { name: stuck.entry }).getByTestId('process-reassign').click();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('reassign-to').locator('input').fill('zhoujiu');
    // antd keeps a hidden listbox for screen readers beside the visible list; click the visible option.
    await page.locator('.ant-select-item-option', { hasText: 'zhoujiu' }).click();
    await page
      .getByTestId('reassign-reason')
      .fill(lang === 'zh' ? '李四出差，转周九办理' : 'Li Si is away; Zhou Jiu takes it');
    await shot(page, info, 'admin-reassign', lang);
    await expectConsoleA11y(page, 'reassign dialog');
    await page.getByTestId('reassign-ok').click();
    await expect(dialog).toBeHidden();

    // The new task's id comes from the console's own API; the assignee's open page shows it without a reload.
    const res = await page.request.get(`/api/admin/processes?keyword=${stuck.entry}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const [proc] = (await res.json()).entities as Array<{ openTasks: Array<{ id: string; assigneeId: string }> }>;
    const newTask = proc!.openTasks[0]!;
    expect(newTask.assigneeId).toBe('u-zhoujiu');
    await expect(assignee.page.getByTestId(`todo-row-${newTask.id}`)).toBeVisible({ timeout: 15_000 });
    expect(loads, 'no reload was needed').toBe(0);
    await shot(assignee.page, info, 'admin-reassigned-todo', lang);
    for (const x of [student, assignee, admin]) await x.close();
  });
}
