/**
 * `npx tsx bench/src/summarize.ts [files…]`: Markdown tables of bench/results/*.json, for reading runs side by side (docs/performance.md's standing table comes from `npm run docs:perf`).
 * Without arguments, the newest result per database and size.
 */
import fs from 'node:fs';
import path from 'node:path';

import { RESULTS_DIR } from './lib/report.ts';

interface Row {
  name: string;
  status: string;
  requestsPerSecond?: number;
  p50?: number;
  p99?: number;
  ratio?: number;
  pass?: boolean | null;
  note?: string;
  baselineRequestsPerSecond?: number;
  p99At10k?: number;
  growthPass?: boolean;
  cpuMsPerRequest?: number;
  baselineCpuMsPerRequest?: number;
  cpuRatio?: number;
}
interface Stats {
  p50: number;
  p95: number;
  max: number;
}
interface Result {
  at: string;
  dialect: string;
  processes: number;
  seconds: number;
  connections: number;
  commit: string;
  cores: number;
  node: string;
  api?: { baseline: { requestsPerSecond: number; p50: number; p99: number }; rows: Row[] };
  actions?: {
    status: string;
    tasks: number;
    requestsPerSecond?: number;
    cpuMsPerRequest?: number;
    p50?: number;
    p99?: number;
    verified?: { exactlyOnce: boolean };
    note?: string;
  };
  push?: { status: string; eventMs?: Stats; listMs?: Stats; actionMs?: Stats; note?: string };
  pushAcrossInstances?: Result['push'];
  pages?: { verdicts: Array<{ target: string; measured: string; pass: boolean | null }> };
}

const args = process.argv.slice(2);
const files = args.length ? args : newestPerRun();
const results = files.map((f) => ({
  file: path.basename(f),
  r: JSON.parse(fs.readFileSync(path.resolve(RESULTS_DIR, f), 'utf8')) as Result,
}));
const v = (p: boolean | null | undefined) => (p === true ? 'pass' : p === false ? '**fail**' : '—');
const n = (x: number | undefined) => (x === undefined ? '' : Math.round(x).toLocaleString('en'));

for (const { file, r } of results) {
  console.log(`#### ${r.dialect}, ${r.processes.toLocaleString('en')} processes — \`${file}\``);
  console.log(
    `\ncommit ${r.commit.slice(0, 10)}, ${r.cores} cores, Node ${r.node}, ${r.connections} connections, ${r.seconds} s per endpoint\n`,
  );
  if (r.api) {
    console.log(
      '| endpoint | req/s | p50 ms | p99 ms | baseline req/s (just before) | vs baseline | CPU ms/req (baseline) | CPU ratio | target | p99 vs 10k |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| baseline (bare Fastify, first) | ${n(r.api.baseline.requestsPerSecond)} | ${r.api.baseline.p50} | ${r.api.baseline.p99} | | 100 % | | | | |`,
    );
    for (const row of r.api.rows) {
      const ratio = row.ratio === undefined ? '' : `${(row.ratio * 100).toFixed(1)} %`;
      const growth = row.p99At10k === undefined ? '' : `${row.p99At10k} ms at 10k: ${v(row.growthPass)}`;
      const cpu = row.cpuMsPerRequest === undefined ? '' : `${row.cpuMsPerRequest} (${row.baselineCpuMsPerRequest})`;
      const cpuRatio = row.cpuRatio === undefined ? '' : `${(row.cpuRatio * 100).toFixed(1)} %`;
      console.log(
        `| ${row.name} | ${n(row.requestsPerSecond)} | ${row.p50 ?? ''} | ${row.p99 ?? ''} | ${n(row.baselineRequestsPerSecond)} | ${ratio} | ${cpu} | ${cpuRatio} | ${row.status === 'ok' || row.status === 'failed' ? v(row.pass) : row.status} | ${growth} |`,
      );
    }
  }
  const a = r.actions;
  if (a)
    console.log(
      `\nTask actions: ${a.tasks} tasks, ${n(a.requestsPerSecond)}/s, p50 ${a.p50 ?? '–'} ms, p99 ${a.p99 ?? '–'} ms, server CPU ${a.cpuMsPerRequest ?? '–'} ms per action, exactly once: ${a.verified?.exactlyOnce ?? a.status}${a.note ? ` (${a.note})` : ''}`,
    );
  for (const [label, p] of [
    ['one instance', r.push],
    ['A → Redis → B', r.pushAcrossInstances],
  ] as const) {
    if (!p) continue;
    console.log(
      p.eventMs
        ? `\nPush (${label}): event p50 ${p.eventMs.p50} / p95 ${p.eventMs.p95} ms; list updated p50 ${p.listMs?.p50} / p95 ${p.listMs?.p95} ms; the action's own response p50 ${p.actionMs?.p50 ?? '–'} ms`
        : `\nPush (${label}): ${p.status} ${p.note ?? ''}`,
    );
  }
  if (r.pages) {
    console.log('\n| page target | measured | |\n|---|---|---|');
    for (const p of r.pages.verdicts)
      console.log(`| ${p.target} | ${p.measured.replace(/\n/g, ' ').slice(0, 90)} | ${v(p.pass)} |`);
  }
  console.log('');
}

function newestPerRun(): string[] {
  const all = fs
    .readdirSync(RESULTS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const byKey = new Map<string, string>();
  for (const f of all) byKey.set(f.slice(20), f);
  return [...byKey.values()];
}
