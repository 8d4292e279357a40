/**
 * `npx tsx bench/src/page/lcp-probe.ts [--dist bench/data/web/dist] [--processes 10000] [--port 18280]
 *   [--device desktop|mobile] [--page /workflow/index] [--throttle 4] [--runs 3] [--profile] [--frames]`
 * Why a page's LCP is what it is: starts the server on a seeded database with the given web build, signs in and
 * cold-loads the page `--runs` times, printing FCP, LCP, the LCP element and when each script/stylesheet finished.
 */
import path from 'node:path';

import { defaultDatabase, parseArgs, parseCount } from '../lib/args.ts';
import { REPO_ROOT, startServer } from '../lib/server-process.ts';
import { BENCH_PASSWORD, HEAVY_ACCOUNT, staffAccount } from '../seed/plan.ts';
import { freshBrowser, signIn, type Device } from './browser.ts';

const args = parseArgs(process.argv.slice(2));
const processes = parseCount(args.get('processes') ?? '10000');
const dist = path.resolve(REPO_ROOT, args.get('dist') ?? 'bench/data/web/dist');
const port = Number(args.get('port') ?? 18280);
const device = (args.get('device') ?? 'desktop') as Device;
const pageUrl = args.get('page') ?? '/workflow/index';
const throttle = Number(args.get('throttle') ?? 4);
const runs = Number(args.get('runs') ?? 3);
const profile = args.has('profile');
const frames = args.has('frames');
// When the page's content shows: the first element matching this selector (the desktop to-do's rows by default).
const ready =
  args.get('ready') ?? (pageUrl === '/workflow/todo' && device === 'desktop' ? '[data-testid^="todo-row-"]' : '');

// Records every LCP candidate with the element that produced it.
const OBSERVE = `
  window.__lcp = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size,
    el: e.element ? e.element.tagName + '.' + String(e.element.className).slice(0, 60) + ' ' + (e.element.textContent || '').slice(0, 30) : e.url }); })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  window.__readyAt = null;
  const want = ${JSON.stringify(ready)};
  if (want) {
    const watch = new MutationObserver(() => {
      if (window.__readyAt !== null || !document.querySelector(want)) return;
      watch.disconnect();
      window.__readyAt = Math.round(performance.now());
    });
    watch.observe(document, { childList: true, subtree: true });
  }
  window.__frames = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__frames.push({ t: Math.round(e.startTime), d: Math.round(e.duration),
    block: Math.round(e.blockingDuration), render: Math.round(e.renderStart - e.startTime),
    scripts: e.scripts.map((x) => Math.round(x.duration) + ' ms ' + x.invokerType + ' ' + x.invoker.slice(0, 50) + ' ' + (x.sourceURL || '').split('/').pop() + (x.sourceFunctionName ? ':' + x.sourceFunctionName : '')) }); })
    .observe({ type: 'long-animation-frame', buffered: true });
`;

const publicUrl = `http://localhost:${port}`;
const server = await startServer(port, args.get('database') ?? defaultDatabase(processes, 'sqlite'), {
  PUBLIC_URL: publicUrl,
  WEB_DIST: dist,
});
const session = await freshBrowser(device);
try {
  await signIn(session.page, publicUrl, pageUrl === '/workflow/todo' ? HEAVY_ACCOUNT : staffAccount(0), BENCH_PASSWORD);
  await session.page.addInitScript(OBSERVE);
  for (let run = 0; run < runs; run++) {
    const cdp = await session.context.newCDPSession(session.page);
    await cdp.send('Network.clearBrowserCache');
    await session.page.goto('about:blank');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await session.page.goto(publicUrl + pageUrl, { waitUntil: 'load' });
    await session.page.waitForLoadState('networkidle').catch(() => undefined);
    await session.page.waitForTimeout(500);
    if (profile) printProfile((await cdp.send('Profiler.stop')).profile);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    const r = await session.page.evaluate(() => ({
      ready: (window as unknown as { __readyAt: number | null }).__readyAt,
      fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1),
      marks: performance
        .getEntriesByType('mark')
        .map((m) => `${m.name} ${Math.round(m.startTime)}`)
        .join(', '),
      lcp: (window as unknown as { __lcp: unknown[] }).__lcp,
      frames: (window as unknown as { __frames: unknown[] }).__frames,
      res: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        n: e.name.replace(/^.*\//, ''),
        s: Math.round(e.startTime),
        q: Math.round(e.requestStart),
        f: Math.round(e.responseStart),
        e: Math.round(e.responseEnd),
      })),
    }));
    console.log(`\nrun ${run + 1}: FCP ${r.fcp} ms; marks: ${r.marks}${ready ? `; ${ready} at ${r.ready} ms` : ''}`);
    for (const c of r.lcp as Array<{ t: number; size: number; el: string }>)
      console.log(`  LCP candidate ${c.t} ms, ${c.size} px², ${c.el}`);
    // --frames: every frame that took over 50 ms (Long Animation Frames), with the scripts that ran in it.
    if (frames) {
      for (const f of r.frames as Array<{ t: number; d: number; block: number; render: number; scripts: string[] }>) {
        console.log(`  frame ${f.t} ms +${f.d} (blocking ${f.block}, render after ${f.render})`);
        for (const x of f.scripts) console.log(`      ${x}`);
      }
    }
    // Each file: asked for → sent (a connection was free) → first byte (the server answered) → last byte.
    if (run === 0)
      for (const x of r.res)
        console.log(`  ${[x.s, x.q, x.f, x.e].map((t) => String(t).padStart(5)).join(' → ')}  ${x.n}`);
  }
} finally {
  await session.close();
  await server.stop();
}

/** Self time per script and per function of a CDP CPU profile (what the main thread did during the load). */
function printProfile(p: {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; children?: number[] }>;
  samples?: number[];
  timeDeltas?: number[];
}) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const byUrl = new Map<string, number>();
  const byFn = new Map<string, number>();
  // Inclusive: each named function on the sample's stack, once (a build with --minify false gives readable names).
  const inclusive = new Map<string, number>();
  const nameOf = (n: (typeof p.nodes)[number] | undefined) => {
    const url = n?.callFrame.url.replace(/^.*\//, '') || `(${n?.callFrame.functionName || 'native'})`;
    return { url, fn: `${n?.callFrame.functionName || '(anon)'} ${url}` };
  };
  (p.samples ?? []).forEach((id, i) => {
    const n = byId.get(id);
    const dt = (p.timeDeltas?.[i] ?? 0) / 1000;
    const { url, fn } = nameOf(n);
    byUrl.set(url, (byUrl.get(url) ?? 0) + dt);
    byFn.set(fn, (byFn.get(fn) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const node = byId.get(at);
      if (!node?.callFrame.functionName) continue;
      const key = nameOf(node).fn;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  });
  for (const [title, m] of [
    ['self ms by script', byUrl],
    ['self ms by function', byFn],
    ['inclusive ms by function', inclusive],
  ] as const) {
    console.log(`  ${title}:`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, m === inclusive ? 80 : 18))
      console.log(`    ${v.toFixed(0).padStart(6)}  ${k}`);
  }
}
