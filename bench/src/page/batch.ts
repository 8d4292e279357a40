import type { Page } from 'playwright-core';

export interface BatchResult {
  status: 'ok' | 'failed';
  ticked: number;
  /** From clicking confirm to the success message (docs/product.md §8 批量办理完成！). */
  ms: number | null;
  note?: string;
}

/**
 * On the desktop to-do page: tick whole pages until `count` tasks are selected, choose approve, confirm, and time
 * until the success message shows.
 */
export async function batchOf(page: Page, baseUrl: string, count: number): Promise<BatchResult> {
  await page.goto(`${baseUrl}/workflow/todo`);
  await page.waitForSelector('[data-testid^="todo-row-"]', { timeout: 30_000 });
  let ticked = 0;
  for (let guard = 0; guard < count && ticked < count; guard++) {
    const firstRow = await page.locator('[data-testid^="todo-row-"]').first().getAttribute('data-testid');
    await page.locator('.ant-table-thead .ant-checkbox-input').first().check();
    ticked = Number((await page.locator('[data-testid="batch-open"]').innerText()).match(/\d+/)?.[0] ?? 0);
    if (ticked >= count) break;
    await page.locator('.ant-pagination-next').click();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid^="todo-row-"]')?.getAttribute('data-testid') !== before,
      firstRow,
      { timeout: 30_000 },
    );
  }
  if (ticked < count) return { status: 'failed', ticked, ms: null, note: `could tick only ${ticked}` };
  await page.locator('[data-testid="batch-open"]').click();
  // antd renders the radio input hidden inside its label: click the label.
  await page.locator('label:has([data-testid="batch-action-approve"])').click();
  const started = Date.now();
  await page.locator('[data-testid="batch-confirm"]').click();
  try {
    await page
      .getByText(/批量办理完成|Batch handling complete/)
      .first()
      .waitFor({ timeout: 60_000 });
  } catch {
    return { status: 'failed', ticked, ms: null, note: 'no success message within 60 s' };
  }
  return { status: 'ok', ticked, ms: Date.now() - started };
}
