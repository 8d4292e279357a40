/**
 * `npx tsx bench/src/tail.ts [--processes 1000000] [--only doing] [--rounds 4]`
 * Where a list's slow requests come from, without a load client: builds the app in this process (as inproc.ts),
 * sends each endpoint's request for each of the 500 staff users `--rounds` times, one at a time, and reports the
 * distribution of CPU (process user + system) and wall time per request, the users whose requests are slowest in
 * CPU in every round (a plan or a page that costs more for some users), and the GC pauses that fell inside requests.
 * On a shared machine wall − CPU is time spent waiting for a core (or for the disk), not work.
 */
import { PerformanceObserver } from 'node:perf_hooks';

import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { readEndpoints } from './api-endpoints.ts';
import { defaultDatabase, parseArgs, parseCount } from './lib/args.ts';
import { signTokens } from './lib/tokens.ts';
import { staffAccount } from './seed/plan.ts';

const args = parseArgs(process.argv.slice(2));
const processes = parseCount(args.get('processes') ?? '10000');
const databaseUrl = args.get('database') ?? defaultDatabase(processes, 'sqlite');
const rounds = Number(args.get('rounds') ?? 4);
const only = args.get('only')?.split(',') ?? ['doing'];
const publicUrl = 'http://localhost:18099';

const gcs: Array<{ start: number; end: number; kind: number }> = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    gcs.push({
      start: e.startTime,
      end: e.startTime + e.duration,
      kind: (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0,
    });
});
gcObserver.observe({ entryTypes: ['gc'] });

const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: publicUrl,
  SEED: 'none',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
});
const built = await buildApp(config);
const accounts = Array.from({ length: 500 }, (_, i) => staffAccount(i));
const tokens = [...(await signTokens(databaseUrl, publicUrl, accounts)).values()];
const q = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};
try {
  for (const e of readEndpoints()) {
    if (!only.some((o) => e.name.startsWith(o))) continue;
    const send = (i: number) =>
      built.app.inject({
        method: e.method,
        url: e.path,
        headers: { authorization: `Bearer ${tokens[i]}`, 'accept-encoding': 'gzip, deflate, br' },
      });
    for (let i = 0; i < 500; i += 1) await send(i); // warm-up: every user once
    gcs.length = 0;
    const cpu: number[] = [];
    const wall: number[] = [];
    const perUser = new Map<number, number[]>();
    const spans: Array<{ start: number; end: number }> = [];
    for (let r = 0; r < rounds; r += 1) {
      for (let i = 0; i < 500; i += 1) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const res = await send(i);
        const t1 = performance.now();
        const c = process.cpuUsage(c0);
        if (res.statusCode !== 200) throw new Error(`${e.name} ${res.statusCode}`);
        const cpuMs = (c.user + c.system) / 1000;
        cpu.push(cpuMs);
        wall.push(t1 - t0);
        spans.push({ start: t0, end: t1 });
        perUser.set(i, [...(perUser.get(i) ?? []), cpuMs]);
      }
    }
    await new Promise((r) => setImmediate(r)); // the observer's last entries
    const window = gcs.filter((g) => g.start >= spans[0]!.start);
    const inside = window.filter((g) => spans.some((s) => g.start < s.end && g.end > s.start));
    const gcMs = inside.reduce((n, g) => n + g.end - g.start, 0);
    const fmt = (v: number[]) =>
      `p50 ${q(v, 0.5).toFixed(2)} p90 ${q(v, 0.9).toFixed(2)} p99 ${q(v, 0.99).toFixed(2)} max ${Math.max(...v).toFixed(2)} ms`;
    console.log(`${e.name}: ${cpu.length} requests. CPU ${fmt(cpu)}; wall ${fmt(wall)}`);
    console.log(
      `  GC: ${window.length} pauses during the rounds, ${inside.length} inside requests, ${gcMs.toFixed(0)} ms in all, longest ${Math.max(0, ...inside.map((g) => g.end - g.start)).toFixed(1)} ms (major: ${inside.filter((g) => g.kind === 4).length})`,
    );
    const byMin = [...perUser.entries()]
      .map(([i, v]) => ({ account: accounts[i], min: Math.min(...v), median: q(v, 0.5) }))
      .sort((a, b) => b.min - a.min);
    console.log(
      `  users slowest in every round (min CPU over ${rounds} rounds): ${byMin
        .slice(0, 5)
        .map((u) => `${u.account} ${u.min.toFixed(2)}`)
        .join(', ')}; median user ${q(
        byMin.map((u) => u.min),
        0.5,
      ).toFixed(2)} ms`,
    );
  }
} finally {
  await built.close();
  gcObserver.disconnect();
}
