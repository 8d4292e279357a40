import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

import { accessTokenOf } from './api.ts';
import { snap } from './session.ts';

/** The phone project drives the antd-mobile layout; the desktop one the antd layout. */
export const isMobile = (info: TestInfo): boolean => info.project.name.startsWith('mobile');

/** The shell's search box: antd's Input.Search (desktop header) or antd-mobile's SearchBar (mobile top bar). */
export function searchBox(page: Page): Locator {
  return page.locator('input[data-testid="search-input"], [data-testid="search-input"] input').first();
}

/** An app in a catalogue list: a desktop card or a mobile row/cell. */
export function appTile(page: Page, code: string): Locator {
  return page.locator(`[data-testid="app-card-${code}"], [data-testid="app-cell-${code}"]`).first();
}

/** GET on our own API as the signed-in user of the page (no mocking: the real server answers). */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  const token = await accessTokenOf(page);
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/**
 * How many of the signed-in user's newest in-progress processes carry this leave reason. Other specs start and
 * finish processes of the same demo users in parallel, so a count of the whole list would race with them.
 */
export async function doingWithReason(page: Page, reason: string): Promise<number> {
  const list = await apiGet<{ entities: Array<{ id: string }> }>(
    page,
    '/api/me/processes/doing?limit=20&start=0&order=create',
  );
  let found = 0;
  for (const { id } of list.entities) {
    const detail = await apiGet<{ entities: Array<{ data: Record<string, unknown> }> }>(page, `/api/process/${id}`);
    if (detail.entities[0]?.data.reason === reason) found += 1;
  }
  return found;
}

/** The user's favourite app ids, straight from the server. */
export async function favouriteIds(page: Page): Promise<string[]> {
  const body = await apiGet<{ entities: Array<{ FavoriteApps?: string[] }> }>(page, '/api/me/preference/FavoriteApps');
  return body.entities[0]?.FavoriteApps ?? [];
}

/** Picks an option of an antd Select by its visible label. */
export async function pickAntOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${escapeRe(label)}$`) });
  await option.first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const DEFAULT_ALLOW = '[data-allow-zh], [data-testid="lang-switch"]';

/** Every key of the web app's English locale files, as `a.b` and `ns:a.b`: a raw key on screen is a missing text. */
function englishKeys(): Set<string> {
  const dir = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales/en');
  const keys = new Set<string>();
  const walk = (ns: string, prefix: string, v: unknown) => {
    if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk(ns, prefix ? `${prefix}.${k}` : k, x);
      return;
    }
    // Single words such as "apps" or "title" read as plain English; only dotted or namespaced keys give a miss away.
    const key = prefix.replace(/_(zero|one|two|few|many|other)$/, '');
    if (key.includes('.')) keys.add(key);
    keys.add(`${ns}:${key}`);
  };
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    walk(file.replace(/\.json$/, ''), '', JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
  }
  return keys;
}

/**
 * Asserts the page is wholly English: no Han characters and no raw i18n keys in any visible text or placeholder,
 * outside the elements `allow` selects. By default that is the language switch (it names 中文 in Chinese on purpose).
 */
export async function expectEnglishOnly(page: Page, allow = DEFAULT_ALLOW): Promise<void> {
  const texts = await page.evaluate((skip) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest(skip) || el.closest('script,style,noscript')) continue;
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden') continue;
      const t = (n.textContent ?? '').trim();
      if (t) out.push(t);
    }
    for (const el of document.querySelectorAll<HTMLElement>('[placeholder],[aria-label],img[alt]')) {
      if (el.closest(skip)) continue;
      for (const a of ['placeholder', 'aria-label', 'alt']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  }, allow);
  const keys = englishKeys();
  expect(
    texts.filter((t) => /\p{Script=Han}/u.test(t)),
    'Chinese text on an English page',
  ).toEqual([]);
  expect(
    texts.filter((t) => keys.has(t)),
    'raw i18n keys on the page',
  ).toEqual([]);
}

/**
 * snap() after scrolling back to the top: a full-page screenshot of a scrolled page draws the sticky header in the
 * middle of the picture.
 */
export async function snapTop(page: Page, info: TestInfo, name: string, lang = 'zh'): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    for (const el of document.querySelectorAll<HTMLElement>('*')) if (el.scrollTop > 0) el.scrollTop = 0;
  });
  await snap(page, info, name, lang);
}
