/**
 * `npx tsx bench/src/inproc-actions.ts --database sqlite:<file> [--actions 1000] [--statements]`
 * Server CPU per task action without a network or a load client: builds the app in this process on a seeded
 * database and approves fresh tasks (the generator's `bf…` tasks, as actions-bench.ts) through `app.inject`, one at
 * a time, after a warm-up of 100 actions; consumes the tasks. Prints process CPU (user + system, all threads) and
 * wall per action. `--statements` (SQLite) also times every statement SQLite runs (synchronous, so its wall is its
 * CPU, triggers included) and prints them by SQL text: how much of an action is SQLite and how much JavaScript.
 * `--profile <file.cpuprofile>` writes a V8 CPU profile of the measured actions only.
 * `--pages` counts the pages SQLite writes per action (WAL frames): checkpoints off for the run (no worker, the
 * connection's auto-checkpoint off), so the WAL only grows; each commit appends one frame per page it changed.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { Statement } from 'better-sqlite3';
import { parseArgs } from './lib/args.ts';
import { freshTaskItems } from './actions-bench.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase, migrateToLatest } from '../../apps/server/src/db/database.ts';

const args = parseArgs(process.argv.slice(2));
const databaseUrl = args.get('database');
if (!databaseUrl?.startsWith('sqlite:')) throw new Error('--database sqlite:<file> (a copy: the actions consume its fresh tasks)');
const actions = Number(args.get('actions') ?? 1000);
const warmup = 100;
const timeStatements = args.has('statements');
const countPages = args.has('pages');
const publicUrl = 'http://localhost:18099';

const items = await freshTaskItems(databaseUrl, publicUrl, actions + warmup);
if (items.length < actions + warmup) throw new Error(`only ${items.length} fresh tasks left`);
const handle = await openDatabase(databaseUrl);
await migrateToLatest(handle.db);
const byText = new Map<string, { n: number; ms: number }>();
let measuring = false;
const commits: number[] = [];
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
        try {
          return original(...a);
        } finally {
          if (measuring) {
            const ms = performance.now() - t0;
            entry.n += 1;
            entry.ms += ms;
            if (text === 'commit') commits.push(ms);
          }
        }
      };
    }
    return stmt;
  };
}
// With --pages the app is told it runs in memory: no group commit and no checkpoint worker (app.ts).
const config = loadConfig({ ...process.env, DATABASE_URL: countPages ? 'sqlite::memory:' : databaseUrl, PUBLIC_URL: publicUrl,
  SEED: 'none', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
const built = await buildApp(config, { database: handle });
if (countPages) handle.sqlite!.pragma('wal_autocheckpoint = 0');
const walFrames = () => {
  const size = fs.statSync(`${databaseUrl.slice('sqlite:'.length)}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  return size === 0 ? 0 : (size - 32) / (Number(handle.sqlite!.pragma('page_size', { simple: true })) + 24);
};
try {
  const send = (i: number) => built.app.inject({ method: 'POST', url: items[i]!.path,
    headers: { authorization: `Bearer ${items[i]!.token}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'actionId=approve&remark=' });
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
  console.log(`action: CPU ${((used.user + used.system) / actions).toFixed(0)} µs (user ${(used.user / actions).toFixed(0)}, system ${(used.system / actions).toFixed(0)}), wall ${(wall * 1000 / actions).toFixed(0)} µs per action${bad ? `, ${bad} not 200` : ''}`);
  if (countPages) console.log(`pages written (WAL frames): ${((walFrames() - framesBefore) / actions).toFixed(1)} per action`);
  if (built.checkpointer) {
    const auto = handle.sqlite!.pragma('wal_autocheckpoint', { simple: true });
    console.log(`WAL checkpoints by the worker: ${built.checkpointer.checkpoints}; the server connection's wal_autocheckpoint: ${String(auto)}`);
  }
  if (timeStatements) {
    const rows = [...byText].filter(([, v]) => v.n > 0).sort((a, b) => b[1].ms - a[1].ms);
    const total = rows.reduce((s, [, v]) => s + v.ms, 0);
    const count = rows.reduce((s, [, v]) => s + v.n, 0);
    console.log(`SQLite: ${(total * 1000 / actions).toFixed(0)} µs and ${(count / actions).toFixed(1)} statements per action`);
    commits.sort((a, b) => a - b);
    const q = (f: number) => commits[Math.min(commits.length - 1, Math.floor(f * commits.length))]!.toFixed(2);
    console.log(`commit ms: p50 ${q(0.5)}, p90 ${q(0.9)}, p99 ${q(0.99)}, max ${q(1)}; over 2 ms: ${commits.filter((c) => c > 2).length}, their sum ${commits.filter((c) => c > 2).reduce((s, c) => s + c, 0).toFixed(0)} ms`);
    for (const [text, v] of rows) {
      console.log(`${(v.ms * 1000 / actions).toFixed(0).padStart(5)} µs ${(v.n / actions).toFixed(2).padStart(5)}×  ${text.replace(/\s+/g, ' ').slice(0, 150)}`);
    }
  }
} finally {
  await built.close();
}
