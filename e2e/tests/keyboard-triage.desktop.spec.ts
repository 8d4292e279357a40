import { accessTokenOf } from '../support/api.ts';
import { shot, signedIn, startProcess } from '../support/matters.ts';
import { DEMO_PASSWORD, failOnPageErrors, SIGN_IN_FORM_TIMEOUT } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const visit = (purpose: string) => ({
  visitorName: 'E2E Keyboard',
  visitorPhone: '13800000000',
  visitDate: '2026-12-01',
  visitors: 1,
  host: 'zhoujiu',
  purpose,
});

/** Keyboard only — sign in, then triage the to-do with j/x and batch-approve two tasks with a + Enter. */
test('keyboard only: sign in and batch-approve two tasks', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const applicant = await signedIn(browser, 'zhangsan', '/workflow/index', 'zh');
  const started = [
    await startProcess(applicant.page.request, applicant.token, 'visitor', visit('E2E keyboard 1')),
    await startProcess(applicant.page.request, applicant.token, 'visitor', visit('E2E keyboard 2')),
  ];
  const ids = started.map((p) => p.tasks.find((x) => x.status === 'todo')!.id);

  const context = await browser.newContext();
  const page = await context.newPage();
  failOnPageErrors(page);
  await page.goto('/workflow/todo');
  // The sign-in form by keyboard: focus the account field with Tab, type, Tab, type, Enter.
  await expect(page.locator('input[name="username"]')).toBeVisible({ timeout: SIGN_IN_FORM_TIMEOUT });
  for (
    let i = 0;
    i < 20 && !(await page.locator('input[name="username"]').evaluate((el) => el === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type('zhoujiu');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/workflow\/todo/);
  for (const id of ids) await expect(page.getByTestId(`todo-row-${id}`)).toBeVisible({ timeout: 15_000 });

  // ? shows the keys; Escape closes it.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // j moves to a row, x ticks it — for our two newest rows.
  const ticked: string[] = [];
  for (let n = 0; n < 10 && ticked.length < 2; n++) {
    await page.keyboard.press('j');
    const row = page.locator('[data-cursor="yes"]');
    const id = (await row.getAttribute('data-testid'))?.replace('todo-row-', '') ?? '';
    if (ids.includes(id) && !ticked.includes(id)) {
      await page.keyboard.press('x');
      ticked.push(id);
    }
  }
  expect(ticked.sort()).toEqual([...ids].sort());
  await expect(page.getByTestId('batch-open')).toContainText('2');
  await shot(page, info, 'todo-keyboard', 'zh');

  // a opens the batch with approve chosen and the confirm button focused; Enter handles both.
  await page.keyboard.press('a');
  await expect(page.getByTestId('batch-confirm')).toBeFocused();
  await expect(page.getByTestId('batch-confirm')).toContainText('2');
  await page.keyboard.press('Enter');
  await expect(page.getByText('批量办理完成！').first()).toBeVisible();
  for (const id of ids) await expect(page.getByTestId(`todo-row-${id}`)).toBeHidden();
  const token = await accessTokenOf(page);
  for (const p of started) {
    const res = await page.request.get(`/api/process/${p.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await res.json()).entities[0].status).toBe('completed');
  }
  await context.close();
  await applicant.close();
});
