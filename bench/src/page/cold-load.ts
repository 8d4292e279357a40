import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export interface ColdLoad {
  url: string;
  throttle: number;
  fcpMs: number | null;
  lcpMs: number | null;
  /**
   * Until `readySelector` was in the page (the to-do list's first rows): the frame after a mutation observer in the
   * page first saw it. Playwright's own wait polls at growing intervals (up to 500 ms apart) and came back up to
   * that much late.
   */
  readyMs: number | null;
  gzipBytes: number;
  /**
   * Bytes over the wire for the same files: body as transferred (brotli/gzip when the server compressed it) plus
   * response headers, as Chromium counted them.
   */
  wireBytes: number;
  /** Bodies as transferred (brotli where the server sent brotli), without headers, as CDP reports them. */
  bodyWireBytes: number;
  /**
   * The "first load over the wire (brotli)" target: the document and every script and style sheet whose download
   * started before the page first handed work to the browser's idle time, bodies as transferred (the browser's own
   * Resource Timing `encodedBodySize`). What the app loads when idle (desktop: antd's Tooltip and message, ~45 KB)
   * is `deferredBytes`. CDP's per-response sizes came out negative for some files served while others downloaded,
   * so they are not summed for the target.
   */
  firstLoadBytes: number;
  deferredBytes: number;
  /** When the first idle callback the page asked for ran (ms since navigation), or null if none ran. */
  firstIdleMs: number | null;
  /** The scripts and style sheets counted in `firstLoadBytes`: path, start (ms since navigation), body bytes. */
  firstLoadFiles: Array<{ url: string; startMs: number; bytes: number }>;
  /** antd: the file holds antd's component CSS-in-JS (`ant-btn`): mobile must never load it. */
  files: Array<{
    url: string;
    type: string;
    bytes: number;
    gzipBytes: number;
    wireBytes: number;
    bodyWireBytes: number;
    encoding: string | null;
    antd: boolean;
  }>;
}

// Collected by the page itself so the figures are the browser's own paint timings. requestIdleCallback is wrapped
// to note when the first callback the app asked for runs: the end of its first load.
const OBSERVE = `
  window.__readyAt = null;
  const want = sessionStorage.getItem('bench:ready');
  if (want) {
    const seen = () => want.startsWith('text=') ? (document.body?.textContent ?? '').includes(want.slice(5)) : document.querySelector(want) !== null;
    const watch = new MutationObserver(() => {
      if (window.__readyAt !== null || !seen()) return;
      watch.disconnect();
      window.__readyAt = -1;
      requestAnimationFrame(() => { window.__readyAt = performance.now(); });
    });
    watch.observe(document, { childList: true, subtree: true, attributes: true });
  }
  window.__firstIdle = null;
  const ric = window.requestIdleCallback;
  if (ric) window.requestIdleCallback = (cb, o) => ric.call(window, (d) => {
    if (window.__firstIdle === null) window.__firstIdle = performance.now();
    cb(d);
  }, o);
  window.__perf = { fcp: null, lcp: null };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__perf.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { const e = l.getEntries().at(-1); if (e) window.__perf.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
`;

const observing = new WeakSet<Page>();

/**
 * Loads `url` with an empty HTTP cache (the session stays signed in), optionally with CDP CPU throttling, and
 * returns FCP, LCP and the gzipped size of every HTML/JS/CSS file the page requested.
 */
export async function coldLoad(page: Page, url: string, throttle: number, readySelector?: string): Promise<ColdLoad> {
  if (!observing.has(page)) {
    await page.addInitScript(OBSERVE);
    observing.add(page);
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const responses: Array<Promise<ColdLoad['files'][number] | null>> = [];
  const onResponse = (r: import('playwright-core').Response) => {
    const type = r.request().resourceType();
    if (!['document', 'script', 'stylesheet'].includes(type)) return;
    responses.push(
      Promise.all([r.body(), r.request().sizes(), r.allHeaders()])
        .then(([b, sizes, headers]) => ({
          url: r.url(),
          type,
          bytes: b.length,
          gzipBytes: gzipSync(b).length,
          wireBytes: sizes.responseBodySize + sizes.responseHeadersSize,
          bodyWireBytes: sizes.responseBodySize,
          encoding: headers['content-encoding'] ?? null,
          antd: b.includes('ant-btn'),
        }))
        .catch(() => null),
    );
  };
  page.on('response', onResponse);
  let readyMs: number | null = null;
  // Read by OBSERVE when the next document starts (same origin, same tab: sessionStorage carries over).
  await page.evaluate((s) => sessionStorage.setItem('bench:ready', s), readySelector ?? '').catch(() => undefined);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (readySelector) {
      await page.waitForSelector(readySelector, { timeout: 30_000 });
      const at = await page
        .waitForFunction('window.__readyAt > 0 ? window.__readyAt : null', undefined, { timeout: 5_000 })
        .then((h) => h.jsonValue() as Promise<number>)
        .catch(() => null);
      readyMs = at ?? (await page.evaluate('performance.now()'));
    }
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(300);
  } finally {
    page.off('response', onResponse);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
  const perf = await page.evaluate(
    () => (window as unknown as { __perf: { fcp: number | null; lcp: number | null } }).__perf,
  );
  const files = (await Promise.all(responses)).filter((f) => f !== null);
  // A string, not a function: tsx's transform names the inner arrow functions with a helper the page lacks.
  const split = await page.evaluate<{
    firstIdle: number | null;
    first: number;
    deferred: number;
    firstFiles: Array<{ url: string; startMs: number; bytes: number }>;
  }>(`(() => {
    const firstIdle = window.__firstIdle;
    const nav = performance.getEntriesByType('navigation')[0];
    const code = performance.getEntriesByType('resource').filter((e) => /\\.(m?js|css)$/.test(new URL(e.name).pathname));
    const before = code.filter((e) => firstIdle === null || e.startTime < firstIdle);
    const sum = (list) => list.reduce((n, e) => n + e.encodedBodySize, 0);
    return { firstIdle, first: (nav ? nav.encodedBodySize : 0) + sum(before), deferred: sum(code) - sum(before),
      firstFiles: before.map((e) => ({ url: new URL(e.name).pathname, startMs: Math.round(e.startTime), bytes: e.encodedBodySize })) };
  })()`);
  return {
    url: page.url(),
    throttle,
    fcpMs: round(perf?.fcp),
    lcpMs: round(perf?.lcp),
    readyMs: round(readyMs),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    wireBytes: files.reduce((n, f) => n + f.wireBytes, 0),
    bodyWireBytes: files.reduce((n, f) => n + f.bodyWireBytes, 0),
    firstLoadBytes: split.first,
    deferredBytes: split.deferred,
    firstIdleMs: round(split.firstIdle),
    firstLoadFiles: split.firstFiles,
    files,
  };
}

const round = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v));
