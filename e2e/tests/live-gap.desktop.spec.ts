import { signedIn, startProcess } from '../support/matters.ts';
import { expect, test } from '../support/test.ts';

/**
 * The live to-do has no blind spot at its start. A page reads its to-do at boot and subscribes to its push events a
 * moment later; a task created in between reached no event, and the open to-do never showed it (a fresh-clone run
 * saw batch-safety [en] wait in vain for three new tasks). Here the event stream's request is held until the task
 * exists, as a slow network or a busy server would hold it: the row must still come, without a reload.
 * hanshisan is the visit's host in no other spec, so runs side by side never share the to-do.
 */
test('a task created while the to-do’s event stream connects still shows, without a reload', async ({ browser }) => {
  const host = await signedIn(browser, 'hanshisan', '/workflow/index', 'zh');
  const applicant = await signedIn(browser, 'zhangsan', '/workflow/index', 'zh');
  const page = host.page;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let streamAsked = false;
  await page.route(/\/me\/events/, async (route) => {
    streamAsked = true;
    await held;
    await route.continue();
  });
  const listRead = page.waitForResponse((r) => r.url().includes('/api/me/tasks/todo') && r.ok());
  await page.goto('/workflow/todo');
  await listRead;
  await expect.poll(() => streamAsked).toBe(true);

  const visit = await startProcess(applicant.page.request, applicant.token, 'visitor', {
    visitorName: 'E2E',
    visitorPhone: '13800000000',
    visitDate: '2026-12-01',
    visitors: 1,
    host: 'hanshisan',
    purpose: 'E2E live gap',
  });
  const taskId = visit.tasks.find((t) => t.status === 'todo')!.id;
  await expect(page.getByTestId(`todo-row-${taskId}`)).toHaveCount(0);
  release();
  await expect(page.getByTestId(`todo-row-${taskId}`)).toBeVisible({ timeout: 15_000 });
  await host.close();
  await applicant.close();
});
