import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * Whether anything still moves on the page, run in the browser (self-contained: Playwright sends its text). Each call first plays
 * every finite animation to its end (a spinner turns forever and is left alone): on a machine shared by several test
 * runs antd's zoom can crawl for seconds, and the screenshot should show the screen as a user sees it once it has
 * opened, not a frame on the way there. rc-motion then drops its classes on the animation's end event. antd's click
 * ripple (`.ant-wave`) is left out: it fades over the button clicked and is no part of the screen.
 */
function checkMotion(report: boolean): boolean | string[] {
  for (const a of document.getAnimations()) {
    if (a.effect?.getTiming().iterations !== Infinity && (a.playState === 'running' || a.pending)) a.finish();
  }
  const motion = /(^|\s)\S+-(appear|enter|leave)(-(prepare|start|active))?(\s|$)/;
  // Only what shows: a hidden popover's button can keep a leave class forever (its transition never runs).
  const moving = [...document.querySelectorAll('[class]')].filter((el) => el.getClientRects().length > 0)
    .map((el) => el.getAttribute('class') ?? '').filter((c) => motion.test(c) && !c.includes('ant-wave'));
  // Polled: true once still. Reported: what still moves.
  return report ? moving : moving.length === 0;
}

/**
 * Waits until nothing on the page moves: no antd (rc-motion) element mid-way in or out. A screenshot taken earlier
 * catches a dialog half-zoomed (the recommended-order photograph did).
 */
export async function settled(page: Page): Promise<void> {
  try {
    await page.waitForFunction(checkMotion, false, { polling: 100, timeout: 10_000 });
  } catch (err) {
    throw new Error(`the page kept moving: ${String(await page.evaluate(checkMotion, true))} (${String(err)})`);
  }
}

/** Serious or critical axe findings of the current page, and its h1 count (the console's pages have one each). */
export async function consoleA11y(page: Page): Promise<{ findings: string[]; h1: number }> {
  // antd animates menus and drawers in; a half-transparent frame gives contrast figures of no real screen. Wait
  // until nothing moves (a fixed 400 ms wait before was both too long on an idle machine and a guess on a busy one).
  await settled(page);
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
