import { expect, test } from '@playwright/test';
import { failOnPageErrors, signIn, snap } from '../support/session.ts';
import { accessTokenOf, startLeave } from '../support/api.ts';

test.describe('to-do with live refresh and batch handling', () => {

  test.setTimeout(150_000);
  test('lisi sees new leave requests arrive live; one handled elsewhere is unticked and not counted; two are batch-approved', async ({ browser }, info) => {
    const student = await browser.newPage();
    const teacher = await browser.newPage();
    failOnPageErrors(teacher);
    await signIn(student, 'zhangsan');
    const studentToken = await accessTokenOf(student);
    await signIn(teacher, 'lisi', '/workflow/todo');
    await expect(teacher.getByTestId('batch-open')).toBeVisible();

    const tag = `E2E-${Date.now()}`;
    const started = [];
    for (const n of [1, 2, 3]) started.push(await startLeave(student.request, studentToken, `${tag} #${n}`));
    const taskIds = started.map((p) => p.tasks.find((t) => t.status === 'todo')!.id);

    // Live refresh: the three requests appear without a reload.
    for (const id of taskIds) await expect(teacher.getByTestId(`todo-row-${id}`)).toBeVisible({ timeout: 10_000 });
    await snap(teacher, info, 'todo');

    for (const id of taskIds) await teacher.getByTestId(`todo-row-${id}`).locator('input[type="checkbox"]').check();
    await teacher.getByTestId('batch-open').click();
    await expect(teacher.getByTestId('batch-confirm')).toBeDisabled();

    // Meanwhile the third is handled elsewhere: it leaves the list and the selection, and is not counted.
    const teacherToken = await accessTokenOf(teacher);
    const res = await teacher.request.post(`/api/task/${taskIds[2]}`, {
      headers: { authorization: `Bearer ${teacherToken}` }, form: { actionId: 'approve' },
    });
    expect(res.status()).toBe(200);
    const dialog = teacher.getByRole('dialog');
    await expect(dialog).toContainText(/已勾选 2 项/);
    await expect(teacher.getByTestId('batch-open')).toContainText('2');
    await snap(teacher, info, 'batch-step1');
    await dialog.locator('[data-testid="batch-action-approve"][data-name="同意"]').click();
    await expect(teacher.getByTestId('batch-confirm')).toContainText('2');
    await teacher.getByTestId('batch-confirm').click();
    await expect(teacher.getByText('批量办理完成！').first()).toBeVisible();
    for (const id of taskIds) await expect(teacher.getByTestId(`todo-row-${id}`)).toBeHidden();
  });
});
