/**
 * Runs `work` once the browser is idle after the first paint (at the latest after `timeoutMs`), for code kept out
 * of the first load; returns the cancel. Without requestIdleCallback (Safari), a short timeout stands in.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (window.requestIdleCallback) {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, timeoutMs / 10);
  return () => window.clearTimeout(id);
}
