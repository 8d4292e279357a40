import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Serious or critical axe findings of the current page, and its h1 count (the console's pages have one each). */
export async function consoleA11y(page: Page): Promise<{ findings: string[]; h1: number }> {
  // antd animates menus and drawers in; a half-transparent frame gives contrast figures of no real screen.
  await page.waitForTimeout(400);
  const result = await new AxeBuilder({ page }).analyze();
  const findings = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  return { findings, h1: await page.locator('h1').count() };
}

/** Expects the page to be axe-clean with exactly one h1. */
export async function expectConsoleA11y(page: Page, name: string): Promise<void> {
  const { findings, h1 } = await consoleA11y(page);
  expect.soft(findings, `axe on ${name}`).toEqual([]);
  expect.soft(h1, `h1 count on ${name}`).toBe(1);
}

/** Records the URLs of every JavaScript file the page downloads. */
export function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => { if (req.resourceType() === 'script') urls.push(req.url()); });
  return urls;
}
