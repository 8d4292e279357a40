import fs from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.ts';
import { checkOutcomes, takeBaseline } from './crash-checker.ts';
import { runClient, type Outcome } from './crash-clients.ts';
import { freePort, prepareDatabase, ServerProcess, sleep } from './crash-server.ts';

export interface SoakSample { second: number; rssMb: number; fds: number; dbConnections: number; walMb: number; requests: number }

export interface SoakReport { samples: SoakSample[]; problems: string[]; table: string; operations: number }

const GROWTH_LIMIT = 0.10;
const WAL_LIMIT_MB = 64;

/** Mixed load for `minutes` against a server child, sampling its resources (item 17). */
export async function runSoak(o: { dialect: 'sqlite' | 'postgres'; minutes: number; log?: (l: string) => void }): Promise<SoakReport> {
  const log = o.log ?? (() => {});
  const durationMs = o.minutes * 60_000;
  const warmupMs = Math.max(60_000, durationMs / 5);
  const sampleEveryMs = Math.min(10_000, Math.max(2_000, durationMs / 60));
  const port = await freePort();
  const prepared = await prepareDatabase(o.dialect, port);
  const server = new ServerProcess({ ...prepared.env, REDIS_URL: '' }, port);
  const problems: string[] = [];
  const samples: SoakSample[] = [];
  const outcomes: Outcome[] = [];
  let requests = 0;
  try {
    const base = await openDatabase(prepared.url);
    const baseline = await takeBaseline(base.db);
    await base.close();
    await server.start();
    const began = Date.now();
    let stop = false;
    const targeted = new Set<string>();
    const random = Math.random;
    const roles = [['zhangsan', 'starter'], ['liuxiaoming', 'starter'], ['lisi', 'approver'], ['wangwu', 'approver']] as const;
    const tokens = await Promise.all([...roles.map(([u]) => u), 'zhaoliu', 'admin', 'qianqi'].map((u) => prepared.tokenFor(u)));
    const writers = roles.map(([user, role], i) => runClient({
      baseUrl: server.url, token: tokens[i]!, user, role, targeted, random, stopped: () => stop,
      record: (x) => { outcomes.push(x); requests++; },
    }));
    const readers = tokens.slice(roles.length).map((token) => read(server.url, token, () => stop, () => { requests++; }));

    const pgAdmin = o.dialect === 'postgres' ? new pg.Client({ connectionString: process.env.TEST_DATABASE_URL }) : null;
    await pgAdmin?.connect();
    const dbName = new URL(prepared.url.replace(/^sqlite:/, 'file:')).pathname.replace(/^\//, '');
    while (Date.now() - began < durationMs) {
      await sleep(sampleEveryMs);
      const pid = server.pid!;
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const fds = fs.readdirSync(`/proc/${pid}/fd`).length;
      const wal = o.dialect === 'sqlite' ? fs.statSync(`${prepared.url.slice('sqlite:'.length)}-wal`, { throwIfNoEntry: false })?.size ?? 0 : 0;
      const conns = pgAdmin
        ? Number((await pgAdmin.query('select count(*) as n from pg_stat_activity where datname = $1', [dbName])).rows[0].n)
        : 0;
      const s = { second: Math.round((Date.now() - began) / 1000), rssMb: Math.round(rssKb / 102.4) / 10, fds, dbConnections: conns, walMb: Math.round(wal / 104857.6) / 10, requests };
      samples.push(s);
      log(`soak ${o.dialect}: ${JSON.stringify(s)}`);
    }
    stop = true;
    await Promise.all([...writers, ...readers]);
    await pgAdmin?.end();
    await server.stop();

    // Resources after the warm-up: the median of the first three samples against the median of the last three.
    const steady = samples.filter((s) => s.second * 1000 >= warmupMs);
    if (steady.length < 4) problems.push(`too few samples after the warm-up (${steady.length}); run longer`);
    else {
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
      for (const key of ['rssMb', 'fds', 'dbConnections'] as const) {
        const first = median(steady.slice(0, 3).map((s) => s[key]));
        const last = median(steady.slice(-3).map((s) => s[key]));
        // A little absolute slack: two descriptors or connections, 5 MB of RSS, are noise, not a leak.
        const slack = key === 'rssMb' ? 5 : 2;
        if (last > first * (1 + GROWTH_LIMIT) + slack) problems.push(`${key} grew from ${first} to ${last} after the warm-up`);
      }
    }
    const walMax = Math.max(0, ...samples.map((s) => s.walMb));
    if (walMax > WAL_LIMIT_MB) problems.push(`the SQLite WAL reached ${walMax} MB`);
    if (o.dialect === 'postgres' && Math.max(...samples.map((s) => s.dbConnections)) > 10) problems.push('more connections than the pool allows');

    const db = await openDatabase(prepared.url);
    try {
      const f = await checkOutcomes(db.db, baseline, outcomes);
      if (f.problems.length) problems.push(...f.problems.slice(0, 20));
      if (f.unknown > 0) problems.push(`${f.unknown} operations got no answer although the server never went down`);
    } finally {
      await db.close();
    }
    const cols = ['second', 'rssMb', 'fds', 'dbConnections', 'walMb', 'requests'] as const;
    const table = [`| ${cols.join(' | ')} |`, `|${cols.map(() => '---').join('|')}|`, ...samples.map((s) => `| ${cols.map((c) => s[c]).join(' | ')} |`)].join('\n');
    return { samples, problems, table, operations: outcomes.length };
  } finally {
    await server.kill();
    await prepared.drop();
  }
}

/** A reader: the lists, the catalogue and the GraphQL to-do list, as the portal's home page loads them. */
async function read(baseUrl: string, token: string, stopped: () => boolean, count: () => void): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const paths = ['/api/me/tasks/todo?limit=20', '/api/me/processes/doing?limit=20', '/api/me/processes/done?limit=20',
    '/api/me/processes/cc?limit=20', '/api/me/apps', '/api/me/notifications', '/api/me/preference/FavoriteApps'];
  let i = 0;
  while (!stopped()) {
    const res = i % 8 === 7
      ? await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ tasks(cate: "todo", size: 20) { total } }' }) }).catch(() => null)
      : await fetch(`${baseUrl}${paths[i % paths.length]}`, { headers }).catch(() => null);
    await res?.text();
    count();
    i++;
    // About five requests a second per reader: busy, and under the per-user limit of 600 a minute.
    await sleep(200);
  }
}
