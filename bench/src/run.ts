/**
 * `npm run bench -- [--processes 10000] [--db sqlite|postgres] [--database <url>] [--seconds 10] [--quick]
 *   [--connections 32] [--actions 3000] [--action-warmup 3000] [--only api,actions,push,page] [--redis redis://127.0.0.1:6379] [--web-dist <dir>]
 *   [--accept-encoding "gzip, deflate, br"] [--metrics-port 18090] [--repeats 3] [--warmup 5] [--server-root <dir>]`
 * Every read endpoint is measured `--repeats` times next to three bare routes (empty, same bytes, JSON.stringify of
 * the same object) after a `--warmup` of its own load; task actions run three times (`--actions` split between
 * them). `--server-root` runs the server of another checkout (a `git archive` of the "before" commit, with this
 * checkout's node_modules linked in) for back-to-back comparisons. The run ends with one PASS/FAIL line per target
 * of docs/performance.md (lib/targets.ts), also written to the result file as `verdicts`.
 * The API load sends a browser's Accept-Encoding unless told otherwise (`identity` measures without compression);
 * --metrics-port serves the server's Prometheus metrics there, to watch them during the run.
 * Starts the baseline and the real server as separate processes on a database made by bench:seed, measures, prints
 * a table with each target's pass/fail, and writes bench/results/<timestamp>-<db>-<size>.json.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

import { openDatabase } from '../../apps/server/src/db/database.ts';
import { benchActions, freshTasksLeft } from './actions-bench.ts';
import { benchReads } from './api-bench.ts';
import { defaultDatabase, parseArgs, parseCount } from './lib/args.ts';
import { fmt, latestResult, machine, printTable, verdict, writeResult } from './lib/report.ts';
import { startBaseline, startServer, type RunningProcess } from './lib/server-process.ts';
import { actionVerdicts, growthPass, listVerdicts, pushVerdict, verdictLine, type Verdict } from './lib/targets.ts';
import { signTokens } from './lib/tokens.ts';
import { benchPages } from './page/page-bench.ts';
import { benchPush } from './push-latency.ts';
import { staffAccount } from './seed/plan.ts';

const args = parseArgs(process.argv.slice(2));
const processes = parseCount(args.get('processes') ?? '10000');
const dialect = (args.get('database') ?? args.get('db') ?? 'sqlite').startsWith('postgres') ? 'postgres' : 'sqlite';
const databaseUrl = args.get('database') ?? defaultDatabase(processes, dialect);
const quick = args.has('quick');
const seconds = Number(args.get('seconds') ?? (quick ? 3 : 10));
const connections = Number(args.get('connections') ?? 32);
const actions = Number(args.get('actions') ?? (quick ? 1000 : 3000));
// Untimed actions before the three timed runs. 3,000: at 1,000,000 a series of 9,000 on one server levelled off only
// after ~3,000 (CPU per action 2.21 → 1.61 → 1.39 → 1.11 ms in runs of 1,000; 1.16, 1.00, 1.05 after 3,000 untimed),
// where a warm-up the size of one run left the three runs still falling (docs/adr/0037-a-page-s-data-starts-when-navigation-enters-it.md).
const actionWarmup = Number(args.get('action-warmup') ?? 3000);
const repeats = Number(args.get('repeats') ?? 3);
const warmupSeconds = Number(args.get('warmup') ?? (quick ? 2 : 5));
const serverRoot = args.get('server-root');
const only = new Set((args.get('only') ?? 'api,actions,push,page').split(','));
const port = Number(args.get('port') ?? 18080);
const acceptEncoding = args.get('accept-encoding') ?? 'gzip, deflate, br';
const metricsPort = args.get('metrics-port');
const publicUrl = `http://localhost:${port}`;

const staff = await countStaff();
if (staff === 0)
  throw new Error(
    `no benchmark data in ${databaseUrl}: run npm run bench:seed -- --processes ${processes}${dialect === 'postgres' ? ' --db postgres' : ''}`,
  );
const processesStarted: RunningProcess[] = [];
const verdicts: Verdict[] = [];
const result: Record<string, unknown> = {
  kind: 'service-hall-bench',
  at: new Date().toISOString(),
  dialect,
  processes,
  connections,
  seconds,
  repeats,
  warmupSeconds,
  ...machine(),
  ...(serverRoot ? { serverRoot } : {}),
};
try {
  const baseline = await startBaseline(port + 19);
  processesStarted.push(baseline);
  // A web build of this checkout in bench/data/web/dist (docs/performance.md step 2; --web-dist names another) if
  // present, else apps/web/dist.
  const webDist = args.get('web-dist') ?? fileURLToPath(new URL('../data/web/dist', import.meta.url));
  const server = await startServer(
    port,
    databaseUrl,
    {
      PUBLIC_URL: publicUrl,
      ...(fs.existsSync(webDist) ? { WEB_DIST: webDist } : {}),
      ...(metricsPort ? { METRICS_PORT: metricsPort, METRICS_HOST: '127.0.0.1' } : {}),
    },
    serverRoot,
  );
  processesStarted.push(server);

  if (only.has('api')) {
    const pool = Array.from({ length: Math.min(staff, 500) }, (_, i) => staffAccount(i));
    const tokens = [...(await signTokens(databaseUrl, publicUrl, pool)).values()];
    const api = await benchReads({
      serverUrl: server.url,
      baselineUrl: baseline.url,
      tokens,
      connections,
      seconds,
      dialect,
      serverPid: server.pid,
      baselinePid: baseline.pid,
      acceptEncoding,
      warmupSeconds,
      repeats,
      databaseUrl,
    });
    const small = processes > 10_000 ? latestResult(dialect, 10_000) : null;
    for (const row of api.rows) {
      const before = small?.data.api?.rows.find((r) => r.name === row.name)?.p99;
      if (before === undefined || row.p99 === undefined) continue;
      row.p99At10k = before;
      row.growthPass = growthPass(row.p99, before);
    }
    for (const row of api.rows.filter((r) => r.list)) {
      if (!row.summary) {
        verdicts.push({ target: `${dialect} ${row.name}`, measured: `${row.status} ${row.note ?? ''}`, pass: false });
        continue;
      }
      const v = listVerdicts({
        name: row.name,
        dialect,
        processes,
        summary: row.summary,
        p99At10k: row.p99At10k,
        clean: row.status === 'ok',
      });
      row.pass = v.every((x) => x.pass !== false);
      verdicts.push(...v);
    }
    result.api = { ...api, acceptEncoding, comparedWith: small?.file ?? null };
    console.log(
      `\nAPI, ${dialect}, ${processes.toLocaleString('en')} processes, ${connections} connections, ${seconds} s each, ${repeats} repeats after ${warmupSeconds} s warm-up`,
    );
    console.log(
      `Accept-Encoding: ${acceptEncoding}. CPU ms/request: median (min–max) of the repeats; ratios: a bare route's CPU ÷ the endpoint's, per repeat`,
    );
    const range = (s: { median: number; min: number; max: number } | undefined, f: (v: number) => string) =>
      s ? `${f(s.median)} (${f(s.min)}–${f(s.max)})` : '';
    const ms = (v: number) => v.toFixed(3);
    const pc = (v: number) => `${(v * 100).toFixed(1)}`;
    printTable(
      [
        'endpoint',
        'req/s',
        'p99 ms',
        'bytes',
        'CPU ms/req',
        'empty',
        'same bytes',
        'stringify',
        '% of empty',
        '% of bytes',
        '% of stringify',
        'result',
        'note',
      ],
      [
        [
          'empty bare route (first)',
          fmt(api.baseline.requestsPerSecond),
          fmt(api.baseline.p99),
          api.baseline.bytesPerResponse ?? '',
          fmt(api.baseline.cpuMsPerRequest, 3),
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
        ],
        ...api.rows.map((r) => {
          const s = r.summary;
          return [
            r.name,
            fmt(r.requestsPerSecond),
            s ? range(s.p99, (v) => String(v)) : fmt(r.p99),
            r.answerBytes ? `${r.answerBytes.wire}${r.answerBytes.encoding ? ` ${r.answerBytes.encoding}` : ''}` : '',
            range(s?.cpuMs, ms),
            range(s?.emptyCpuMs, ms),
            range(s?.bytesCpuMs, ms),
            range(s?.stringifyCpuMs, ms),
            range(s?.ofEmpty, pc),
            range(s?.ofBytes, pc),
            range(s?.ofStringify, pc),
            r.status === 'ok' || r.status === 'failed' ? (r.list ? verdict(r.pass) : '—') : r.status.toUpperCase(),
            [
              r.note ?? '',
              r.p99At10k === undefined ? '' : `p99 at 10k ${r.p99At10k} ms → ${verdict(r.growthPass)}`,
              r.databaseCpuMs ? `PostgreSQL CPU ms/req ${r.databaseCpuMs.map((v) => v.toFixed(3)).join(', ')}` : '',
            ]
              .join(' ')
              .trim(),
          ];
        }),
      ],
    );
  }

  if (only.has('actions')) {
    // Three runs on fresh tasks each (the median of 3), the requested number of actions split between them,
    // after an untimed warm-up of `--action-warmup` fresh tasks of its own: the first actions after start pay for the
    // first touch of the file's pages and the JIT (first touches must not decide a result, as the
    // read endpoints' --warmup does). With a warm-up the size of one run, the runs kept falling (the third cheapest).
    const runOnce = (count = Math.ceil(actions / 3)) =>
      benchActions({ serverUrl: server.url, databaseUrl, connections, count, dialect, serverPid: server.pid });
    // Never so long that the timed runs go short: at 10,000 processes the generator makes 2,000 fresh tasks.
    const warmupCount = Math.min(actionWarmup, (await freshTasksLeft(databaseUrl)) - 3 * (Math.ceil(actions / 3) + 1));
    const warmup = warmupCount > 0 ? await runOnce(warmupCount) : { status: 'skipped' as const, tasks: 0 };
    result.actionWarmup = warmup;
    const runs = [];
    for (let r = 0; r < 3; r += 1) runs.push(await runOnce());
    result.actions = runs[runs.length - 1];
    result.actionRuns = runs;
    console.log(`\nTask actions (POST /api/task/{id}, fresh tasks, each once), 3 runs`);
    printTable(
      ['run', 'tasks', 'actions/s', 'p50 ms', 'p99 ms', 'CPU ms/action', 'exactly once', 'result', 'note'],
      [warmup, ...runs].map((a, i) => [
        i === 0 ? 'warm-up' : i,
        a.tasks,
        fmt(a.requestsPerSecond),
        fmt(a.p50),
        fmt(a.p99),
        fmt(a.cpuMsPerRequest, 2),
        a.verified ? String(a.verified.exactlyOnce) : '',
        a.status === 'ok' || a.status === 'failed' ? verdict(a.pass) : a.status.toUpperCase(),
        a.note ?? '',
      ]),
    );
    const measuredRuns = runs.filter((a) => a.requestsPerSecond !== undefined);
    verdicts.push(
      ...actionVerdicts({
        dialect,
        processes,
        runs: measuredRuns.map((a) => ({
          perSecond: a.requestsPerSecond!,
          cpuMs: a.cpuMsPerRequest,
          exactlyOnce: a.verified?.exactlyOnce ?? false,
        })),
        warmupExactlyOnce: warmup.status === 'skipped' ? undefined : (warmup.verified?.exactlyOnce ?? false),
      }),
    );
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
    verdicts.push(pushVerdict(result.pushAcrossInstances as Parameters<typeof pushVerdict>[0]));
  }

  if (only.has('page')) {
    const pages = await benchPages({ serverUrl: publicUrl, databaseUrl, quick });
    result.pages = pages;
    console.log('\nPages (headless Chromium, cold cache, fresh profile)');
    printTable(
      ['device', 'page', 'CPU', 'FCP ms', 'LCP ms', 'first rows ms', 'gzip KB', 'wire KB', 'error'],
      pages.loads.map((l) => [
        l.device,
        l.page,
        `${l.throttle}×`,
        l.fcpMs ?? '',
        l.lcpMs ?? '',
        l.readyMs ?? '',
        fmt(l.gzipBytes / 1024, 1),
        fmt(l.wireBytes / 1024, 1),
        (l.error ?? '').slice(0, 80),
      ]),
    );
    console.log('');
    printTable(
      ['target', 'measured', 'result'],
      pages.verdicts.map((v) => [v.target, v.measured.slice(0, 80), verdict(v.pass)]),
    );
    verdicts.push(...pages.issue17);
  }
} finally {
  for (const p of processesStarted.reverse()) await p.stop();
}
result.verdicts = verdicts;
console.log(`\nTargets (${dialect}, ${processes.toLocaleString('en')} processes)`);
for (const v of verdicts) console.log(verdictLine(v));
console.log(`\nwrote ${writeResult(dialect, processes, result)}`);

async function countStaff(): Promise<number> {
  const handle = await openDatabase(databaseUrl);
  try {
    const r = await handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account', 'like', 'bench-staff-%')
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  } catch {
    return 0;
  } finally {
    await handle.close();
  }
}
