import type { Page } from '@playwright/test';

type Timer = { clickAt: number | null; shownAt: number | null };
type TimerWindow = Window & { __rowsTimer?: Timer };

/**
 * Runs in the page: notes the time of each click's input event and of the first frame after `selector` appeared,
 * on the page's own clock. A test's wall clock around `click()` and `toBeVisible()` would add Playwright's wait for
 * the element to be actionable and its polling interval (100–1,000 ms) to what the reader saw.
 */
function install(selector: string): void {
  const w = window as TimerWindow;
  if (w.__rowsTimer) return;
  const timer: Timer = { clickAt: null, shownAt: null };
  w.__rowsTimer = timer;
  let observer: MutationObserver | null = null;
  const seen = (): boolean => {
    if (!document.querySelector(selector)) return false;
    // After the frame that first draws it: the next task after requestAnimationFrame runs once that frame is painted.
    requestAnimationFrame(() => setTimeout(() => { timer.shownAt ??= performance.now(); }));
    return true;
  };
  const watch = () => {
    observer?.disconnect();
    if (seen()) return;
    observer = new MutationObserver(() => { if (seen()) observer?.disconnect(); });
    observer.observe(document, { childList: true, subtree: true });
  };
  addEventListener('click', (event) => {
    timer.clickAt = event.timeStamp;
    timer.shownAt = null;
    watch();
  }, true);
  watch();
}

/** Arms the timer in this document and in every document the page loads later (a reload). */
export async function armRowsTimer(page: Page, selector: string): Promise<void> {
  await page.addInitScript(install, selector);
  await page.evaluate(install, selector);
}

async function shown(page: Page): Promise<Timer> {
  await page.waitForFunction(() => (window as TimerWindow).__rowsTimer?.shownAt != null);
  return page.evaluate(() => (window as TimerWindow).__rowsTimer!);
}

/** Milliseconds from the last click's input event to the first painted frame showing the rows. */
export async function rowsShownAfterClick(page: Page): Promise<number> {
  const t = await shown(page);
  if (t.clickAt === null) throw new Error('no click was seen by the rows timer');
  return Math.round(t.shownAt! - t.clickAt);
}

/** Milliseconds from the start of this document's navigation to the first painted frame showing the rows. */
export async function rowsShownAfterLoad(page: Page): Promise<number> {
  return Math.round((await shown(page)).shownAt!);
}
