/**
 * `npm run bench -- [--processes 10000] [--db sqlite|postgres] [--database <url>] [--seconds 10] [--quick]
 *   [--connections 32] [--actions 3000] [--only api,actions,push,page] [--redis redis://127.0.0.1:6379] [--web-dist <dir>]
 *   [--accept-encoding "gzip, deflate, br"] [--metrics-port 18090]`
 * The API load sends a browser's Accept-Encoding unless told otherwise (`identity` measures without compression);
 * --metrics-port serves the server's Prometheus metrics there, to watch them during the run.
 * Starts the baseline and the real server as separate processes on a database made by bench:seed, measures, prints
 * a table with each target's pass/fail, and writes bench/results/<timestamp>-<db>-<size>.json.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultDatabase, parseArgs, parseCount } from './lib/args.ts';
import { startBaseline, startServer, type RunningProcess } from './lib/server-process.ts';
import { fmt, latestResult, machine, printTable, verdict, writeResult } from './lib/report.ts';
import { signTokens } from './lib/tokens.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { benchReads } from './api-bench.ts';
import { benchActions } from './actions-bench.ts';
import { TARGETS } from './api-endpoints.ts';
import { benchPush } from './push-latency.ts';
import { benchPages } from './page/page-bench.ts';
import { staffAccount } from './seed/plan.ts';

const args = parseArgs(process.argv.slice(2));
const processes = parseCount(args.get('processes') ?? '10000');
const dialect = (args.get('database') ?? args.get('db') ?? 'sqlite').startsWith('postgres') ? 'postgres' : 'sqlite';
const databaseUrl = args.get('database') ?? defaultDatabase(processes, dialect);
const quick = args.has('quick');
const seconds = Number(args.get('seconds') ?? (quick ? 3 : 10));
const connections = Number(args.get('connections') ?? 32);
const actions = Number(args.get('actions') ?? (quick ? 1000 : 3000));
const only = new Set((args.get('only') ?? 'api,actions,push,page').split(','));
const port = Number(args.get('port') ?? 18080);
const acceptEncoding = args.get('accept-encoding') ?? 'gzip, deflate, br';
const metricsPort = args.get('metrics-port');
const publicUrl = `http://localhost:${port}`;

const staff = await countStaff();
if (staff === 0) throw new Error(`no benchmark data in ${databaseUrl}: run npm run bench:seed -- --processes ${processes}${dialect === 'postgres' ? ' --db postgres' : ''}`);
const processesStarted: RunningProcess[] = [];
const result: Record<string, unknown> = {
  kind: 'service-hall-bench', at: new Date().toISOString(), dialect, processes, connections, seconds, ...machine(),
};
try {
  const baseline = await startBaseline(port + 19);
  processesStarted.push(baseline);
  // A web build of this checkout in bench/data/web/dist (docs/performance.md step 2; --web-dist names another) if
  // present, else apps/web/dist.
  const webDist = args.get('web-dist') ?? fileURLToPath(new URL('../data/web/dist', import.meta.url));
  const server = await startServer(port, databaseUrl, {
    PUBLIC_URL: publicUrl, ...(fs.existsSync(webDist) ? { WEB_DIST: webDist } : {}),
    ...(metricsPort ? { METRICS_PORT: metricsPort, METRICS_HOST: '127.0.0.1' } : {}),
  });
  processesStarted.push(server);

  if (only.has('api')) {
    const pool = Array.from({ length: Math.min(staff, 500) }, (_, i) => staffAccount(i));
    const tokens = [...(await signTokens(databaseUrl, publicUrl, pool)).values()];
    const api = await benchReads({
      serverUrl: server.url, baselineUrl: baseline.url, tokens, connections, seconds, dialect, serverPid: server.pid, baselinePid: baseline.pid,
      acceptEncoding,
    });
    const small = processes > 10_000 ? latestResult(dialect, 10_000) : null;
    for (const row of api.rows) {
      const before = small?.data.api?.rows.find((r) => r.name === row.name)?.p99;
      if (before === undefined || row.p99 === undefined) continue;
      row.p99At10k = before;
      row.growthPass = row.p99 <= TARGETS.growth * Math.max(before, 1);
    }
    result.api = { ...api, acceptEncoding, comparedWith: small?.file ?? null };
    console.log(`\nAPI, ${dialect}, ${processes.toLocaleString('en')} processes, ${connections} connections, ${seconds} s each`);
    console.log(`Accept-Encoding: ${acceptEncoding}`);
    printTable(['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'bytes/resp', 'baseline req/s', 'CPU ms/req', 'baseline CPU', 'CPU ratio', 'vs baseline', 'target', 'result', 'note'], [
      ['baseline (bare Fastify)', fmt(api.baseline.requestsPerSecond), fmt(api.baseline.p50), fmt(api.baseline.p99),
        api.baseline.bytesPerResponse ?? '', '',
        fmt(api.baseline.cpuMsPerRequest, 3), '', '', '100 %', '', '', ''],
      ...api.rows.map((r) => [r.name, fmt(r.requestsPerSecond), fmt(r.p50), fmt(r.p99), r.bytesPerResponse ?? '', fmt(r.baselineRequestsPerSecond),
        fmt(r.cpuMsPerRequest, 3), fmt(r.baselineCpuMsPerRequest, 3), r.cpuRatio === undefined ? '' : `${fmt(r.cpuRatio * 100)} %`,
        r.ratio === undefined ? '' : `${fmt(r.ratio * 100)} %`, r.targets ?? '', r.status === 'ok' || r.status === 'failed' ? verdict(r.pass) : r.status.toUpperCase(),
        [r.note ?? '', r.p99At10k === undefined ? '' : `p99 at 10k ${r.p99At10k} ms → ${verdict(r.growthPass)}`].join(' ').trim()]),
    ]);
  }

  if (only.has('actions')) {
    const a = await benchActions({ serverUrl: server.url, databaseUrl, connections, count: actions, dialect, serverPid: server.pid });
    result.actions = a;
    console.log(`\nTask actions (POST /api/task/{id}, fresh tasks, each once)`);
    printTable(['tasks', 'actions/s', 'p50 ms', 'p99 ms', 'CPU ms/action', 'exactly once', 'target', 'result', 'note'], [[
      a.tasks, fmt(a.requestsPerSecond), fmt(a.p50), fmt(a.p99), fmt(a.cpuMsPerRequest, 2), a.verified ? String(a.verified.exactlyOnce) : '',
      dialect === 'sqlite' ? `≥ ${TARGETS.actionsPerSecond}/s` : '', a.status === 'ok' || a.status === 'failed' ? verdict(a.pass) : a.status.toUpperCase(), a.note ?? '',
    ]]);
  }

  if (only.has('push')) {
    result.push = await benchPush({ serverUrl: server.url, databaseUrl, publicUrl });
    console.log('\nPush latency (one instance):', JSON.stringify(result.push));
    const redisUrl = args.get('redis');
    if (redisUrl) {
      // Two more instances sharing the database and Redis: act on A, listen on B.
      const env = { PUBLIC_URL: publicUrl, REDIS_URL: redisUrl };
      const a = await startServer(port + 1, databaseUrl, env);
      processesStarted.push(a);
      const b = await startServer(port + 2, databaseUrl, env);
      processesStarted.push(b);
      result.pushAcrossInstances = await benchPush({ serverUrl: a.url, listenUrl: b.url, databaseUrl, publicUrl });
      console.log('Push latency (A → Redis → B):', JSON.stringify(result.pushAcrossInstances));
    }
  }

  if (only.has('page')) {
    const pages = await benchPages({ serverUrl: publicUrl, databaseUrl, quick });
    result.pages = pages;
    console.log('\nPages (headless Chromium, cold cache, fresh profile)');
    printTable(['device', 'page', 'CPU', 'FCP ms', 'LCP ms', 'first rows ms', 'gzip KB', 'wire KB', 'error'], pages.loads.map((l) => [
      l.device, l.page, `${l.throttle}×`, l.fcpMs ?? '', l.lcpMs ?? '', l.readyMs ?? '', fmt(l.gzipBytes / 1024, 1), fmt(l.wireBytes / 1024, 1),
      (l.error ?? '').slice(0, 80)]));
    console.log('');
    printTable(['target', 'measured', 'result'], pages.verdicts.map((v) => [v.target, v.measured.slice(0, 80), verdict(v.pass)]));
  }
} finally {
  for (const p of processesStarted.reverse()) await p.stop();
}
console.log(`\nwrote ${writeResult(dialect, processes, result)}`);

async function countStaff(): Promise<number> {
  const handle = await openDatabase(databaseUrl);
  try {
    const r = await handle.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account', 'like', 'bench-staff-%').executeTakeFirst();
    return Number(r?.n ?? 0);
  } catch {
    return 0;
  } finally {
    await handle.close();
  }
}
