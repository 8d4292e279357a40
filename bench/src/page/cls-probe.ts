/**
 * `npx tsx bench/src/page/cls-probe.ts [--url http://localhost:8080] [--device mobile|desktop] [--page /workflow/index]
 *   [--account zhangsan] [--password demo123] [--throttle 4] [--runs 3]`
 * Cumulative layout shift of a page, the way Lighthouse counts it for a load: a PerformanceObserver sums the
 * `layout-shift` entries without recent input from navigation until the page has been still for 2 s. Runs against a
 * server that is already up (`npm start`), signed in as a demo account; prints each run and the worst shifts' nodes.
 */
import { parseArgs } from '../lib/args.ts';
import { freshBrowser, signIn, type Device } from './browser.ts';

const args = parseArgs(process.argv.slice(2));
const baseUrl = args.get('url') ?? 'http://localhost:8080';
const device = (args.get('device') ?? 'mobile') as Device;
const pageUrl = args.get('page') ?? '/workflow/index';
const throttle = Number(args.get('throttle') ?? 4);
const runs = Number(args.get('runs') ?? 3);

const OBSERVE = `
  window.__cls = { total: 0, shifts: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { if (e.hadRecentInput) continue;
    window.__cls.total += e.value;
    window.__cls.shifts.push({ t: Math.round(e.startTime), v: e.value, nodes: (e.sources || []).map((s) => s.node
      ? s.node.nodeName + '.' + String(s.node.className || '').slice(0, 50) : '?').join(', ') }); } })
    .observe({ type: 'layout-shift', buffered: true });
`;

const session = await freshBrowser(device);
const results: number[] = [];
try {
  await signIn(session.page, baseUrl, args.get('account') ?? 'zhangsan', args.get('password') ?? 'demo123');
  await session.page.addInitScript(OBSERVE);
  for (let run = 0; run < runs; run++) {
    const cdp = await session.context.newCDPSession(session.page);
    await cdp.send('Network.clearBrowserCache');
    await session.page.goto('about:blank');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await session.page.goto(baseUrl + pageUrl, { waitUntil: 'load' });
    await session.page.waitForTimeout(2_500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    const cls = await session.page.evaluate(
      () =>
        (window as unknown as { __cls: { total: number; shifts: Array<{ t: number; v: number; nodes: string }> } })
          .__cls,
    );
    results.push(cls.total);
    console.log(`run ${run + 1}: CLS ${cls.total.toFixed(3)}`);
    for (const s of [...cls.shifts].sort((a, b) => b.v - a.v).slice(0, 3))
      console.log(`  ${s.t} ms  ${s.v.toFixed(3)}  ${s.nodes}`);
  }
  console.log(
    `${device} ${pageUrl}: CLS worst ${Math.max(...results).toFixed(3)}, median ${[...results].sort()[Math.floor(results.length / 2)]!.toFixed(3)}`,
  );
} finally {
  await session.context.close();
}
