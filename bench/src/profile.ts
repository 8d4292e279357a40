/**
 * `npx tsx bench/src/profile.ts [--processes 10000] [--db sqlite|postgres] [--endpoint todo] [--seconds 8] [--top 25]`
 * Where a read endpoint's time goes: starts the server with `node --cpu-prof`, loads one endpoint with the
 * benchmark's client settings, stops the server (which writes the profile) and prints the functions with the most
 * self time and the time per area (our modules, the database driver, Fastify, jose, …).
 * `--endpoint action` profiles POST /api/task/{id} on fresh tasks instead (consumes them). `--keep <file>` keeps the
 * profile (e.g. for an inclusive-time view: bench/src/profile-inclusive.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freshTaskItems } from './actions-bench.ts';
import { readEndpoints } from './api-endpoints.ts';
import { defaultDatabase, parseArgs, parseCount } from './lib/args.ts';
import { BENCH_RATE_LIMIT, REPO_ROOT } from './lib/server-process.ts';
import { signTokens } from './lib/tokens.ts';
import { runLoad } from './load/run-load.ts';
import { staffAccount } from './seed/plan.ts';

const args = parseArgs(process.argv.slice(2));
const processes = parseCount(args.get('processes') ?? '10000');
const dialect = (args.get('database') ?? args.get('db') ?? 'sqlite').startsWith('postgres') ? 'postgres' : 'sqlite';
const databaseUrl = args.get('database') ?? defaultDatabase(processes, dialect);
const endpoint = args.get('endpoint') ?? 'todo';
const seconds = Number(args.get('seconds') ?? 8);
const top = Number(args.get('top') ?? 25);
const port = Number(args.get('port') ?? 18180);
const publicUrl = `http://localhost:${port}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sh-prof-'));
const spawnedAt = performance.now();

const child = spawn(
  process.execPath,
  ['--cpu-prof', '--cpu-prof-dir', dir, '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: publicUrl,
      ...BENCH_RATE_LIMIT,
    },
  },
);
const url = `http://127.0.0.1:${port}`;
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${url}/healthz`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 200));
}
// Warm up (module loading, first queries, token verification) outside the measured part of the profile.
const warmup = readEndpoints().find((x) => x.name.startsWith(endpoint === 'action' ? 'todo' : endpoint));
const tokens = [
  ...(
    await signTokens(
      databaseUrl,
      publicUrl,
      Array.from({ length: 500 }, (_, i) => staffAccount(i)),
    )
  ).values(),
];
if (warmup) {
  await runLoad({
    url,
    connections: 32,
    durationSeconds: 2,
    method: warmup.method,
    ...(warmup.method === 'POST' ? { body: '' } : {}),
    items: tokens.map((token) => ({ path: warmup.path, token })),
  });
}
const measuredFrom = (performance.now() - spawnedAt) * 1000;
let load;
if (endpoint === 'action') {
  const items = await freshTaskItems(databaseUrl, publicUrl, Number(args.get('actions') ?? 1000));
  load = await runLoad({
    url,
    connections: 32,
    amount: items.length,
    method: 'POST',
    body: 'actionId=approve&remark=',
    items,
  });
} else {
  const e = readEndpoints().find((x) => x.name.startsWith(endpoint));
  if (!e) throw new Error(`no endpoint ${endpoint}`);
  load = await runLoad({
    url,
    connections: 32,
    durationSeconds: seconds,
    method: e.method,
    ...(e.method === 'POST' ? { body: '' } : {}),
    items: tokens.map((token) => ({ path: e.path, token })),
  });
}
await new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});
console.log(
  `${endpoint}: ${load.requestsPerSecond.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, non-2xx ${load.non2xx}`,
);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${dir}`);
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const self = new Map<number, number>();
let clock = 0;
for (const [i, id] of profile.samples.entries()) {
  clock += profile.timeDeltas[i] ?? 0;
  // The profile starts when the process does (about when we spawned it): skip start-up and warm-up.
  if (clock >= measuredFrom) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byArea = new Map<string, number>();
for (const n of profile.nodes) {
  const us = self.get(n.id) ?? 0;
  if (!us) continue;
  const where = n.callFrame.url.replace(/^file:\/\//, '').replace(REPO_ROOT, '');
  const key = `${n.callFrame.functionName || '(anonymous)'} ${where.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byArea.set(area(where, n.callFrame.functionName), (byArea.get(area(where, n.callFrame.functionName)) ?? 0) + us);
}
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
console.log('\nself time by area (top 25)');
for (const [k, v] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(v)}  ${k}`);
console.log(`\ntop ${top} functions by self time`);
for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
const keep = args.get('keep');
if (keep) fs.copyFileSync(path.join(dir, file), keep);
console.log(`measured from ${(measuredFrom / 1e6).toFixed(2)} s of the profile`);
fs.rmSync(dir, { recursive: true, force: true });

function area(where: string, fn: string): string {
  if (fn === '(idle)') return 'idle';
  if (fn === '(garbage collector)') return 'gc';
  if (fn === '(program)') return 'program (native, outside JS)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1];
  if (pkg) return `npm ${pkg}`;
  if (where.startsWith('apps/server/src/')) return `server ${where.split('/').slice(3, 5).join('/')}`;
  if (where.startsWith('packages/')) return where.split('/').slice(0, 2).join('/');
  if (where.startsWith('node:') || where === '') return `node ${where || '(native)'}`;
  return where;
}
