import { expect, test } from '@playwright/test';
import { failOnPageErrors, signIn, snap } from '../support/session.ts';
import { accessTokenOf, startLeave } from '../support/api.ts';

test.describe('to-do with live refresh and batch handling', () => {

  test.setTimeout(150_000);
  test('lisi sees new leave requests arrive live, batch-approves two, and a failed one stays ticked', async ({ browser }, info) => {
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

    // Meanwhile the third is handled elsewhere, so its batch item fails on purpose.
    const teacherToken = await accessTokenOf(teacher);
    const res = await teacher.request.post(`/api/task/${taskIds[2]}`, {
      headers: { authorization: `Bearer ${teacherToken}` }, form: { actionId: 'approve' },
    });
    expect(res.status()).toBe(200);
    await snap(teacher, info, 'batch-step1');
    // The action list holds the actions common to every ticked task.
    await teacher.getByRole('dialog').getByText('同意', { exact: true }).click();
    await teacher.getByTestId('batch-confirm').click();
    const errors = teacher.getByTestId('batch-errors');
    await expect(errors).toBeVisible();
    await expect(errors).toContainText(started[2].entry);
    await snap(teacher, info, 'batch-step3');
    await expect(teacher.getByTestId(`batch-error-${taskIds[2]}`)).toBeVisible();
  });
});
