import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
  // A motion class with nothing animating under it for 500 ms is stuck, not moving: a button whose loading icon left
  // before it had grown keeps `ant-btn-loading-icon-motion-leave-active` forever (a width transition from 0 to 0
  // never starts, so rc-motion never hears its end; a fresh-clone run waited 10 s on one). Before that, the class
  // may be a frame ahead of its transition, so it counts as moving.
  const idleSince: WeakMap<Element, number> = ((
    window as unknown as { __motionIdleSince?: WeakMap<Element, number> }
  ).__motionIdleSince ??= new WeakMap());
  const now = performance.now();
  const stuck = (el: Element) => {
    // A spinner inside (the loading icon's) turns forever and moves nothing in or out.
    if (el.getAnimations({ subtree: true }).some((a) => a.effect?.getTiming().iterations !== Infinity)) {
      idleSince.delete(el);
      return false;
    }
    if (!idleSince.has(el)) idleSince.set(el, now);
    return now - idleSince.get(el)! >= 500;
  };
  // Only what shows: a hidden popover's button can keep a leave class forever (its transition never runs).
  const moving = [...document.querySelectorAll('[class]')]
    .filter((el) => el.getClientRects().length > 0)
    .filter((el) => {
      const c = el.getAttribute('class') ?? '';
      return motion.test(c) && !c.includes('ant-wave') && !stuck(el);
    })
    .map((el) => el.getAttribute('class') ?? '');
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
  // A toast ("saved") leaves on its own timer, which can start during the scan: a fresh-clone run's axe met a
  // half-faded success message (a contrast finding of no real screen). The console's pages are scanned once it has
  // gone (the toast is antd's message, with antd's colours).
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => undefined);
  await settled(page);
  const result = await new AxeBuilder({ page }).analyze();
  const findings = result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
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
  page.on('request', (req) => {
    if (req.resourceType() === 'script') urls.push(req.url());
  });
  return urls;
}
