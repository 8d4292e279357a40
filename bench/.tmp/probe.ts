import { freshBrowser, signIn } from '../src/page/browser.ts';
const base = process.argv[2] ?? 'http://localhost:8309';
const page0 = process.argv[3] ?? '/workflow/index';
const OBSERVE = `
  window.__cls = { total: 0, shifts: [] };
  const d = (n) => n ? (n.nodeName + '#' + (n.getAttribute && (n.getAttribute('data-testid')||'')) + '.' + String(n.className||'').slice(0,40)) : '?';
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { if (e.hadRecentInput) continue;
    window.__cls.total += e.value;
    window.__cls.shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(3), src: (e.sources||[]).map(s => d(s.node) + ' ' + JSON.stringify([s.previousRect.y, s.previousRect.height, s.currentRect.y, s.currentRect.height])) }); } })
    .observe({ type: 'layout-shift', buffered: true });
  const t0 = performance.now();
  window.__res = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__res.push(Math.round(e.responseEnd) + ' ' + e.name.replace(location.origin,'')); }).observe({ type: 'resource', buffered: true });
`;
const s = await freshBrowser('mobile');
await signIn(s.page, base, 'zhangsan', 'demo123');
await s.page.addInitScript(OBSERVE);
const cdp = await s.context.newCDPSession(s.page);
await cdp.send('Network.clearBrowserCache');
await s.page.goto('about:blank');
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await s.page.goto(base + page0, { waitUntil: 'load' });
await s.page.waitForTimeout(3000);
const r = await s.page.evaluate(() => ({ cls: (window as any).__cls, res: (window as any).__res }));
console.log(JSON.stringify(r.cls, null, 1));
console.log(r.res.filter((x: string) => x.includes('/api')).join('\n'));
await s.page.screenshot({ path: '/tmp/h13-probe.png' });
await s.close();
