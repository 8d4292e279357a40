/**
 * `npx tsx bench/src/inproc-actions.ts --database sqlite:<file> [--actions 1000] [--statements]`
 * Server CPU per task action without a network or a load client: builds the app in this process on a seeded
 * database and approves fresh tasks (the generator's `bf…` tasks, as actions-bench.ts) through `app.inject`, one at
 * a time, after a warm-up of 100 actions; consumes the tasks. Prints process CPU (user + system, all threads) and
 * wall per action. `--statements` (SQLite) also times every statement SQLite runs (synchronous, so its wall is its
 * CPU, triggers included) and prints them by SQL text: how much of an action is SQLite and how much JavaScript.
 * `--profile <file.cpuprofile>` writes a V8 CPU profile of the measured actions only.
 * `--cache-mib N` sets the connection's page cache (`cache_size`) to N MiB for the run.
 * `--pages` counts the pages SQLite writes per action (WAL frames): checkpoints off for the run (no worker, the
 * connection's auto-checkpoint off), so the WAL only grows; each commit appends one frame per page it changed.
 * Also printed: CPU by thread (main, the checkpoint worker and libuv's and V8's threads, from /proc), the WAL's
 * restarts during the run and its size at the end, and with `--statements` how many slow commits (over 2 ms) saw
 * the checkpoint worker finish a checkpoint meanwhile.
 * With `--pages` the frames are also attributed to the table or index they belong to (each frame's page number,
 * mapped through SQLite's `dbstat` table after the run: a scan of the whole file, a minute at 1,000,000).
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { Statement } from 'better-sqlite3';

import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.ts';
import { freshTaskItems } from './actions-bench.ts';
import { parseArgs } from './lib/args.ts';

const args = parseArgs(process.argv.slice(2));
const databaseUrl = args.get('database');
if (!databaseUrl?.startsWith('sqlite:'))
  throw new Error('--database sqlite:<file> (a copy: the actions consume its fresh tasks)');
const actions = Number(args.get('actions') ?? 1000);
const warmup = 100;
const timeStatements = args.has('statements');
const countPages = args.has('pages');
const publicUrl = 'http://localhost:18099';

const items = await freshTaskItems(databaseUrl, publicUrl, actions + warmup);
if (items.length < actions + warmup) throw new Error(`only ${items.length} fresh tasks left`);
const handle = await openDatabase(databaseUrl);
await migrateToLatest(handle.db);
// `--cache-mib N`: the connection's page cache for this run instead of the server's (an experiment's knob).
if (args.get('cache-mib')) handle.sqlite!.pragma(`cache_size = -${Number(args.get('cache-mib')) * 1024}`);
const byText = new Map<string, { n: number; ms: number }>();
let measuring = false;
const commits: number[] = [];
// Commits over 2 ms during which the checkpoint worker finished a checkpoint.
let slowDuringCheckpoint = 0;
const checkpointsDone = () => built.checkpointer?.checkpoints ?? 0;
if (timeStatements) {
  const sqlite = handle.sqlite!;
  const prepare = sqlite.prepare.bind(sqlite);
  // Every statement the server prepares is timed on each run/all/get (the statement cache keeps the wrapped one).
  (sqlite as { prepare: unknown }).prepare = (text: string) => {
    const stmt = prepare(text) as Statement;
    const entry = byText.get(text) ?? { n: 0, ms: 0 };
    byText.set(text, entry);
    for (const method of ['run', 'all', 'get'] as const) {
      const original = stmt[method].bind(stmt) as (...a: unknown[]) => unknown;
      (stmt as unknown as Record<string, unknown>)[method] = (...a: unknown[]) => {
        const t0 = performance.now();
        const doneBefore = text === 'commit' && measuring ? checkpointsDone() : 0;
        try {
          return original(...a);
        } finally {
          if (measuring) {
            const ms = performance.now() - t0;
            entry.n += 1;
            entry.ms += ms;
            if (text === 'commit') {
              commits.push(ms);
              if (ms > 2 && checkpointsDone() !== doneBefore) slowDuringCheckpoint += 1;
            }
          }
        }
      };
    }
    return stmt;
  };
}
// With --pages the app is told it runs in memory: no group commit and no checkpoint worker (app.ts).
const config = loadConfig({
  ...process.env,
  DATABASE_URL: countPages ? 'sqlite::memory:' : databaseUrl,
  PUBLIC_URL: publicUrl,
  SEED: 'none',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
});
const built = await buildApp(config, { database: handle });
if (countPages) handle.sqlite!.pragma('wal_autocheckpoint = 0');
const walFrames = () => {
  const size = fs.statSync(`${databaseUrl.slice('sqlite:'.length)}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  return size === 0 ? 0 : (size - 32) / (Number(handle.sqlite!.pragma('page_size', { simple: true })) + 24);
};
try {
  const send = (i: number) =>
    built.app.inject({
      method: 'POST',
      url: items[i]!.path,
      headers: { authorization: `Bearer ${items[i]!.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'actionId=approve&remark=',
    });
  let bad = 0;
  for (let i = 0; i < warmup; i += 1) if ((await send(i)).statusCode !== 200) bad += 1;
  const profileTo = args.get('profile');
  const session = profileTo ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  measuring = true;
  const threadsBefore = threadCpu();
  const restartsBefore = walRestarts();
  const framesBefore = walFrames();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  for (let i = warmup; i < warmup + actions; i += 1) if ((await send(i)).statusCode !== 200) bad += 1;
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - t0;
  measuring = false;
  if (session && profileTo) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(profileTo, JSON.stringify(profile));
    session.disconnect();
  }
  console.log(
    `action: CPU ${((used.user + used.system) / actions).toFixed(0)} µs (user ${(used.user / actions).toFixed(0)}, system ${(used.system / actions).toFixed(0)}), wall ${((wall * 1000) / actions).toFixed(0)} µs per action${bad ? `, ${bad} not 200` : ''}`,
  );
  const threadsAfter = threadCpu();
  console.log(
    `WAL restarts (the header's checkpoint sequence number): ${walRestarts() - restartsBefore}; WAL at the end: ${walFrames().toFixed(0)} frames`,
  );
  const threads = [...threadsAfter]
    .map(([tid, t]) => ({ ...t, ms: t.ms - (threadsBefore.get(tid)?.ms ?? 0) }))
    .filter((t) => t.ms > 0);
  console.log(
    `CPU by thread (over the run): ${threads
      .sort((a, b) => b.ms - a.ms)
      .map((t) => `${t.name} ${((t.ms * 1000) / actions).toFixed(0)} µs`)
      .join(', ')} per action`,
  );
  if (countPages) {
    console.log(`pages written (WAL frames): ${((walFrames() - framesBefore) / actions).toFixed(1)} per action`);
    pagesByTree(framesBefore, walFrames());
  }
  if (built.checkpointer) {
    const auto = handle.sqlite!.pragma('wal_autocheckpoint', { simple: true });
    console.log(
      `WAL checkpoints by the worker: ${built.checkpointer.checkpoints}; the server connection's wal_autocheckpoint: ${String(auto)}`,
    );
  }
  if (timeStatements) {
    const rows = [...byText].filter(([, v]) => v.n > 0).sort((a, b) => b[1].ms - a[1].ms);
    const total = rows.reduce((s, [, v]) => s + v.ms, 0);
    const count = rows.reduce((s, [, v]) => s + v.n, 0);
    console.log(
      `SQLite: ${((total * 1000) / actions).toFixed(0)} µs and ${(count / actions).toFixed(1)} statements per action`,
    );
    commits.sort((a, b) => a - b);
    const q = (f: number) => commits[Math.min(commits.length - 1, Math.floor(f * commits.length))]!.toFixed(2);
    console.log(
      `commit ms: p50 ${q(0.5)}, p90 ${q(0.9)}, p99 ${q(0.99)}, max ${q(1)}; over 2 ms: ${commits.filter((c) => c > 2).length} (${slowDuringCheckpoint} while a checkpoint finished), their sum ${commits
        .filter((c) => c > 2)
        .reduce((s, c) => s + c, 0)
        .toFixed(0)} ms`,
    );
    for (const [text, v] of rows) {
      console.log(
        `${((v.ms * 1000) / actions).toFixed(0).padStart(5)} µs ${(v.n / actions).toFixed(2).padStart(5)}×  ${text.replace(/\s+/g, ' ').slice(0, 150)}`,
      );
    }
  }
} finally {
  await built.close();
}

/**
 * How often the WAL restarted from its start: the WAL header's checkpoint sequence number (bytes 12–15), which SQLite
 * increments on each restart (the first commit after a checkpoint that copied everything, with no reader in the WAL).
 */
function walRestarts(): number {
  try {
    const b = Buffer.alloc(4);
    const fd = fs.openSync(`${databaseUrl!.slice('sqlite:'.length)}-wal`, 'r');
    fs.readSync(fd, b, 0, 4, 12);
    fs.closeSync(fd);
    return b.readUInt32BE(0);
  } catch {
    return 0;
  }
}

/** CPU (user + system, ms) of each thread of this process, from /proc (Linux), by thread id. */
function threadCpu(): Map<string, { name: string; ms: number }> {
  const out = new Map<string, { name: string; ms: number }>();
  const tick = 1000 / 100; // USER_HZ
  for (const tid of fs.existsSync('/proc/self/task') ? fs.readdirSync('/proc/self/task') : []) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, { name: tid === String(process.pid) ? 'main' : name, ms: (Number(f[11]) + Number(f[12])) * tick });
    } catch {
      /* the thread ended */
    }
  }
  return out;
}

/** Prints the WAL frames [from, to) by the B-tree (table or index) their page belongs to, per action. */
function pagesByTree(from: number, to: number) {
  const file = databaseUrl!.slice('sqlite:'.length);
  const pageSize = Number(handle.sqlite!.pragma('page_size', { simple: true }));
  const wal = fs.readFileSync(`${file}-wal`);
  const framePages: number[] = [];
  for (let f = from; f < to; f += 1) framePages.push(wal.readUInt32BE(32 + f * (pageSize + 24)));
  // What a checkpoint copies: each page once, however many frames of it the WAL holds since the last one.
  const perAction = framePages.length / actions;
  for (const window of [32, 256]) {
    const frames = Math.round(perAction * window);
    let distinct = 0;
    for (let at = 0; at + frames <= framePages.length; at += frames)
      distinct += new Set(framePages.slice(at, at + frames)).size;
    const windows = Math.floor(framePages.length / frames);
    if (windows > 0)
      console.log(
        `pages a checkpoint every ${window} actions copies: ${(distinct / windows / window).toFixed(1)} per action`,
      );
  }
  const wanted = new Set(framePages);
  const owner = new Map<number, string>();
  // dbstat reads the database as this connection sees it (the WAL included): the pages' current owners.
  for (const row of handle.sqlite!.prepare('select name, pageno from dbstat').iterate() as Iterable<{
    name: string;
    pageno: number;
  }>) {
    if (wanted.has(row.pageno)) owner.set(row.pageno, row.name);
  }
  const byTree = new Map<string, number>();
  for (const page of framePages) {
    const name = owner.get(page) ?? '(free list or gone)';
    byTree.set(name, (byTree.get(name) ?? 0) + 1);
  }
  for (const [name, n] of [...byTree].sort((a, b) => b[1] - a[1])) {
    console.log(`${(n / actions).toFixed(2).padStart(7)} pages per action  ${name}`);
  }
}
