import { expect, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';

import { accessTokenOf } from './api.ts';
import { failOnPageErrors, signIn, snap, useLanguage } from './session.ts';

export type Lang = 'zh' | 'en';

/** Texts the "my matters" specs look for, per language (the app's own locale files are the source). */
export const TEXT = {
  batchDone: { zh: '批量办理完成！', en: 'Batch handling complete!' },
  markedRead: { zh: '已标记为已读', en: 'Marked as read' },
  rated: { zh: '评分成功', en: 'Rating saved' },
  deleted: { zh: '删除成功', en: 'Deleted' },
  created: { zh: '委托成功', en: 'Delegation created' },
  ticked: { zh: (n: number) => `已勾选 ${n} 项`, en: (n: number) => `${n} ticked` },
} as const;

/** A signed-in page of its own browser context (its own storage), in the given language; its access token. */
export async function signedIn(browser: Browser, account: string, target: string, lang: Lang) {
  const context = await browser.newContext();
  const page = await context.newPage();
  failOnPageErrors(page);
  await useLanguage(page, lang);
  await signIn(page, account, target);
  return { page, token: await accessTokenOf(page), close: () => context.close() };
}

/** True when the project drives the phone layout. */
export const isMobile = (info: TestInfo) => info.project.name.startsWith('mobile');

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Starts a process of `code` through the real API as the token's user; returns the process detail. */
export async function startProcess(
  request: APIRequestContext,
  token: string,
  code: string,
  data: Record<string, unknown>,
) {
  const res = await request.put('/api/process', { headers: auth(token), form: { code, data: JSON.stringify(data) } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).entities[0] as { id: string; entry: string; tasks: Array<{ id: string; status: string }> };
}

/** The open task of a process for the token's user (GET /api/process/{id} → myTask). */
export async function myTaskOf(request: APIRequestContext, token: string, processId: string): Promise<string> {
  const res = await request.get(`/api/process/${processId}`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  const detail = (await res.json()).entities[0] as { myTask: { id: string } | null };
  expect(detail.myTask, `an open task of ${processId} for this user`).not.toBeNull();
  return detail.myTask!.id;
}

/** Acts on a task through the real API (POST /api/task/{id}). */
export async function actOn(request: APIRequestContext, token: string, taskId: string, actionId = 'approve') {
  const res = await request.post(`/api/task/${taskId}`, { headers: auth(token), form: { actionId } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Approves the token user's open task of each process. */
export async function approveAll(request: APIRequestContext, token: string, processIds: readonly string[]) {
  for (const id of processIds) await actOn(request, token, await myTaskOf(request, token, id));
}

/** Each account in turn signs in (its own browser context) and approves its open task of the process. */
export async function approveInTurn(browser: Browser, accounts: readonly string[], processId: string, lang: Lang) {
  for (const account of accounts) {
    const who = await signedIn(browser, account, '/workflow/index', lang);
    await actOn(who.page.request, who.token, await myTaskOf(who.page.request, who.token, processId));
    await who.close();
  }
}

/** A short unique tag for this run's items, so parallel projects never see each other's. */
export const runTag = (info: TestInfo, lang: Lang) => `E2E${info.project.name[0]}${lang}${Date.now().toString(36)}`;

/** Types a keyword in the list's search box and submits it. */
export async function searchList(page: Page, keyword: string) {
  const box = page.locator('input[data-testid="list-search"], [data-testid="list-search"] input').first();
  await box.fill(keyword);
  await box.press('Enter');
}

/** Ticks a to-do row (desktop table checkbox or the phone's row checkbox). */
export async function tick(page: Page, info: TestInfo, taskId: string) {
  if (isMobile(info)) await page.getByTestId(`todo-check-${taskId}`).click();
  else await page.getByTestId(`todo-row-${taskId}`).locator('input[type="checkbox"]').check();
}

/**
 * Chooses the batch action and waits for the confirm button to enable. A click made while the modal is still
 * zooming in can land beside the moving button (seen once in CI on a loaded machine, never locally in 24 runs);
 * a member would click again, and so does this — the modal must still accept the choice.
 */
export async function chooseBatchAction(page: Page, actionId: string) {
  await expect(async () => {
    await page.getByTestId(`batch-action-${actionId}`).click();
    await expect(page.getByTestId('batch-confirm')).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
}

/** Chooses a year in the done list's year filter (antd Select on desktop, a selector on the phone). */
export async function chooseYear(page: Page, info: TestInfo, year: number) {
  const filter = page.getByTestId('year-filter');
  if (isMobile(info)) {
    await filter.getByText(String(year)).click();
  } else {
    await filter.click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: String(year) })
      .first()
      .click();
  }
}

/** Gives a finished process `stars` stars on its detail page (antd-mobile's Rate listens to touches: tap). */
export async function rate(page: Page, info: TestInfo, stars: number) {
  const form = page.getByTestId('rate-form');
  if (isMobile(info))
    await form
      .locator('.adm-rate-star')
      .nth(stars - 1)
      .tap();
  else
    await form
      .locator('.ant-rate-star')
      .nth(stars - 1)
      .click();
  await page.getByTestId('rate-submit').click();
}

/** snap() from the top of the page: a full-page shot taken while scrolled paints sticky bars mid-page. */
export async function shot(page: Page, info: TestInfo, name: string, lang: Lang) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, info, name, lang);
}

/** Deletes every delegation the token's user gave (a clean start even after an interrupted run). */
export async function clearDelegations(request: APIRequestContext, token: string, account: string) {
  const res = await request.get(`/api/user/${account}/entrustees`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  for (const d of (await res.json()).entities as Array<{ id: string }>) {
    await request.delete(`/api/user/${account}/entrustees/${d.id}`, { headers: auth(token) });
  }
}

/** The ids of the delegations the token's user gave. */
export async function delegationIds(request: APIRequestContext, token: string, account: string): Promise<string[]> {
  const res = await request.get(`/api/user/${account}/entrustees`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).entities as Array<{ id: string }>).map((d) => d.id);
}
