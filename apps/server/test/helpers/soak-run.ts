import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

import { openDatabase, POSTGRES_POOL_MAX, SQLITE_CACHE_KIB } from '../../src/db/database.ts';
import { checkOutcomes, takeBaseline } from './crash-checker.ts';
import { runClient, type Outcome } from './crash-clients.ts';
import { freePort, prepareDatabase, ServerProcess, sleep } from './crash-server.ts';

export interface SoakSample {
  second: number;
  /** Resident set of the server child, and its parts: anonymous (heap, SQLite's page cache) and file-backed. */
  rssMb: number;
  rssAnonMb: number;
  rssFileMb: number;
  /** Resident pages of the memory-mapped SQLite file (part of rssFileMb): the OS page cache, bounded by the file. */
  dbMapMb: number;
  /** RSS without the mapped database file: the process's own memory, which the ≤ 10 % criterion is about. */
  memMb: number;
  /** V8 heap in use after a full garbage collection (live objects), and memory outside it (Buffers etc.). */
  heapMb: number;
  externalMb: number;
  /** Memory V8 holds for its heap (used or not); reported only, it breathes with the young generation's size. */
  heapTotalMb: number;
  dbFileMb: number;
  fds: number;
  dbConnections: number;
  walMb: number;
  requests: number;
}

export interface SoakReport {
  samples: SoakSample[];
  problems: string[];
  table: string;
  operations: number;
}

export const GROWTH_LIMIT = 0.1;
export const WAL_LIMIT_MB = 64;

/** Mixed load for `minutes` against a server child, sampling its resources (item 17). */
export async function runSoak(o: {
  dialect: 'sqlite' | 'postgres';
  minutes: number;
  log?: (l: string) => void;
  /** Diagnosis: write heap snapshots of the server at the end of the warm-up and at the end into this folder. */
  heapSnapshotDir?: string;
}): Promise<SoakReport> {
  const log = o.log ?? (() => {});
  const durationMs = o.minutes * 60_000;
  const warmupMs = Math.max(60_000, durationMs / 5);
  const sampleEveryMs = Math.min(10_000, Math.max(2_000, durationMs / 60));
  const port = await freePort();
  const prepared = await prepareDatabase(o.dialect, port);
  const probeFile = path.join(os.tmpdir(), `service-hall-soak-probe-${port}-${Date.now()}.json`);
  const nodeOptions = [process.env.NODE_OPTIONS, `--import ${probeModule}`].filter(Boolean).join(' ');
  const server = new ServerProcess(
    { ...prepared.env, REDIS_URL: '', NODE_OPTIONS: nodeOptions, SOAK_PROBE_FILE: probeFile },
    port,
  );
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
    const roles = [
      ['zhangsan', 'starter'],
      ['liuxiaoming', 'starter'],
      ['lisi', 'approver'],
      ['wangwu', 'approver'],
    ] as const;
    const tokens = await Promise.all(
      [...roles.map(([u]) => u), 'zhaoliu', 'admin', 'qianqi'].map((u) => prepared.tokenFor(u)),
    );
    const writers = roles.map(([user, role], i) =>
      runClient({
        baseUrl: server.url,
        token: tokens[i]!,
        user,
        role,
        targeted,
        random,
        stopped: () => stop,
        record: (x) => {
          outcomes.push(x);
          requests++;
        },
      }),
    );
    const readers = tokens.slice(roles.length).map((token) =>
      read(
        server.url,
        token,
        () => stop,
        () => {
          requests++;
        },
      ),
    );
    // Live updates as the portal keeps them: the approvers and a starter hold event streams, dropped and reopened.
    let streams = 0;
    let pushes = 0;
    const listeners = [0, 2, 3].map((i) =>
      listen(
        server.url,
        tokens[i]!,
        () => stop,
        () => {
          streams++;
        },
        () => {
          pushes++;
        },
      ),
    );

    const pgAdmin =
      o.dialect === 'postgres' ? new pg.Client({ connectionString: process.env.TEST_DATABASE_URL }) : null;
    await pgAdmin?.connect();
    const dbName = new URL(prepared.url.replace(/^sqlite:/, 'file:')).pathname.replace(/^\//, '');
    const dbFile = o.dialect === 'sqlite' ? path.resolve(prepared.url.slice('sqlite:'.length)) : null;
    const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10;
    let snapshotsTaken = 0;
    while (Date.now() - began < durationMs) {
      await sleep(sampleEveryMs);
      const pid = server.pid!;
      const second = Math.round((Date.now() - began) / 1000);
      const snapshotDue =
        o.heapSnapshotDir &&
        ((snapshotsTaken === 0 && second * 1000 >= warmupMs) ||
          (snapshotsTaken === 1 && Date.now() - began + sampleEveryMs >= durationMs));
      const heapSnapshot = snapshotDue
        ? path.join(o.heapSnapshotDir!, `soak-${o.dialect}-${second}s.heapsnapshot`)
        : undefined;
      if (heapSnapshot) snapshotsTaken++;
      const memory = await probe(pid, probeFile, heapSnapshot);
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
      const fds = fs.readdirSync(`/proc/${pid}/fd`).length;
      const wal = dbFile ? (fs.statSync(`${dbFile}-wal`, { throwIfNoEntry: false })?.size ?? 0) : 0;
      const conns = pgAdmin
        ? Number(
            (await pgAdmin.query('select count(*) as n from pg_stat_activity where datname = $1', [dbName])).rows[0].n,
          )
        : 0;
      // At most the file's size: while SQLite replaces its map of a growing file, smaps can list both maps.
      const dbMap = dbFile ? Math.min(mappedResident(pid, dbFile), fs.statSync(dbFile).size) : 0;
      const s: SoakSample = {
        second,
        rssMb: mb(kb('VmRSS')),
        memMb: mb(kb('VmRSS') - dbMap),
        rssAnonMb: mb(kb('RssAnon')),
        rssFileMb: mb(kb('RssFile')),
        dbMapMb: mb(dbMap),
        heapMb: mb(memory.heapUsed),
        externalMb: mb(memory.external),
        heapTotalMb: mb(memory.heapTotal),
        dbFileMb: dbFile ? mb(fs.statSync(dbFile).size) : 0,
        fds,
        dbConnections: conns,
        walMb: mb(wal),
        requests,
      };
      samples.push(s);
      log(`soak ${o.dialect}: ${JSON.stringify(s)}${heapSnapshot ? ` heap snapshot ${heapSnapshot}` : ''}`);
    }
    stop = true;
    await Promise.all([...writers, ...readers, ...listeners]);
    // An operation left without a definite answer (its first attempt outlived the client's 15 s timeout on a busy
    // machine and the retries found the key still in use, say) is sent once more with its key, as a browser that
    // kept it would; the server is up, so this one must be answered.
    await sleep(1000);
    for (const x of outcomes) {
      if (!x.resend) continue;
      const r = await x.resend();
      x.resent = {
        status: r?.status ?? null,
        ecode: r?.body?.ecode as string | undefined,
        replayed: r?.replayed ?? false,
      };
    }
    log(`soak ${o.dialect}: ${streams} event streams opened, ${pushes} pushes received`);
    if (streams > 0 && pushes === 0) problems.push('no push event arrived on any event stream');
    await pgAdmin?.end();
    await server.stop();

    const judged = judgeSamples(samples, {
      warmupMs,
      dialect: o.dialect,
      cacheMb: o.dialect === 'sqlite' ? SQLITE_CACHE_KIB / 1024 : 0,
    });
    problems.push(...judged.problems);

    const db = await openDatabase(prepared.url);
    try {
      const f = await checkOutcomes(db.db, baseline, outcomes);
      if (f.problems.length) problems.push(...f.problems.slice(0, 20));
      // The approvers act on up to four tasks at a time and can go over the per-user limit of 600 requests a
      // minute; an action refused with 429 on every attempt, and on the resend, is an answer (the checker has
      // verified it was stored once or not at all). Anything else still without an answer after the resend is a
      // problem: the server never went down.
      const unknown = outcomes.filter((x) => x.label === 'unknown');
      const answered = (r: Outcome['resent']) =>
        !!r && r.status !== null && r.status < 500 && r.status !== 429 && r.ecode !== 'IDEMPOTENCY_KEY_IN_USE';
      const limited = unknown.filter((x) => !answered(x.resent) && x.status === 429 && x.resent?.status === 429);
      const unanswered = unknown.filter((x) => !answered(x.resent) && !limited.includes(x));
      log(
        `soak ${o.dialect}: ${outcomes.length} operations: ${f.ok} ok, ${f.failed} refused, ${unknown.length} without a definite answer` +
          ` (${unknown.length - limited.length - unanswered.length} answered when resent, ${f.resentReplayed} of them replayed;` +
          ` ${limited.length} rate-limited throughout; ${unanswered.length} unanswered); lost ${f.lost}, duplicated ${f.duplicated}, phantom ${f.phantom}`,
      );
      if (unanswered.length > 0) {
        const why = new Map<string, number>();
        for (const x of unanswered) {
          const k = `${x.status ?? 'no answer'}${x.ecode ? ` ${x.ecode}` : ''} → resent: ${x.resent?.status ?? 'no answer'}${x.resent?.ecode ? ` ${x.resent.ecode}` : ''}`;
          why.set(k, (why.get(k) ?? 0) + 1);
        }
        problems.push(
          `${unanswered.length} operations got no answer although the server never went down (${[...why].map(([k, n]) => `${k} ×${n}`).join(', ')})`,
        );
      }
    } finally {
      await db.close();
    }
    const cols = [
      'second',
      'rssMb',
      'memMb',
      'rssAnonMb',
      'rssFileMb',
      'dbMapMb',
      'heapMb',
      'heapTotalMb',
      'externalMb',
      'dbFileMb',
      'fds',
      'dbConnections',
      'walMb',
      'requests',
    ] as const;
    const table = [
      `| ${cols.join(' | ')} |`,
      `|${cols.map(() => '---').join('|')}|`,
      ...samples.map((s) => `| ${cols.map((c) => s[c]).join(' | ')} |`),
    ].join('\n');
    return { samples, problems, table: `${table}\n\n${judged.summary}`, operations: outcomes.length };
  } finally {
    await server.kill();
    await prepared.drop();
    fs.rmSync(probeFile, { force: true });
  }
}

/** Noise allowed on top of the 10 %: a few MB of memory, two descriptors or connections are not a leak. */
const SLACK = { memMb: 5, heapMb: 2, fds: 2, dbConnections: 2 } as const;

/**
 * The criterion of item 17 applied to the samples. The warm-up lasts `warmupMs` and, on SQLite, until the database
 * file has grown by the page cache's size (`cacheMb`), so the cache is full. After it, the median of the first quarter
 * of the samples is compared with the median of the last quarter: the process's memory without the mapped database file (`memMb`), the
 * live V8 heap after a full GC (`heapMb`), open descriptors and database connections may grow by at most 10 %
 * (plus SLACK). Raw RSS is reported but not judged: it includes the memory-mapped database file, whose resident
 * pages are the OS page cache and grow with the data the soak writes (bounded by the file). The WAL must stay under
 * WAL_LIMIT_MB, and PostgreSQL connections within the pool.
 */
export function judgeSamples(
  samples: SoakSample[],
  o: { warmupMs: number; dialect: 'sqlite' | 'postgres'; cacheMb?: number },
): { problems: string[]; summary: string } {
  const problems: string[] = [];
  const lines: string[] = [];
  // SQLite's page cache holds pages this process wrote, so it is certainly full once the file has grown by its size
  // (new pages); until then it may still be filling (a bounded cache, not a leak) and the warm-up goes on.
  const cacheMb = o.cacheMb ?? 0;
  const filled = samples.find((s) => s.dbFileMb - (samples[0]?.dbFileMb ?? 0) >= cacheMb)?.second ?? Infinity;
  const steady = samples.filter((s) => s.second * 1000 >= o.warmupMs && s.second >= filled);
  if (steady.length < 4) {
    problems.push(
      `too few samples after the warm-up (${steady.length})${filled === Infinity ? `: the database file never grew by SQLite's ${cacheMb} MB page cache` : ''}; run longer`,
    );
  } else {
    // Medians over a quarter of the steady phase (at least three samples): V8's young generation and malloc's arenas
    // grow and shrink by tens of MB over a minute or two, which a leak outlasts and a single sample would catch.
    const n = Math.max(3, Math.floor(steady.length / 4));
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[mid]! : Math.round(((sorted[mid - 1]! + sorted[mid]!) / 2) * 10) / 10;
    };
    const span = (key: keyof SoakSample) =>
      [median(steady.slice(0, n).map((s) => s[key])), median(steady.slice(-n).map((s) => s[key]))] as const;
    const why =
      filled * 1000 > o.warmupMs
        ? `; the database file had grown by SQLite's ${cacheMb} MB page cache at ${filled} s`
        : '';
    lines.push(
      `after the warm-up (${steady[0]!.second} s${why}), median of the first ${n} samples → of the last ${n}:`,
    );
    for (const key of ['memMb', 'heapMb', 'fds', 'dbConnections'] as const) {
      const [first, last] = span(key);
      const limit = Math.round((first * (1 + GROWTH_LIMIT) + SLACK[key]) * 10) / 10;
      const grew = last > limit;
      lines.push(`  ${key}: ${first} → ${last} (limit ${limit})${grew ? ' GREW' : ''}`);
      if (grew) problems.push(`${key} grew from ${first} to ${last} after the warm-up (limit ${limit})`);
    }
    for (const key of ['rssMb', 'rssAnonMb', 'dbMapMb', 'dbFileMb', 'heapTotalMb', 'externalMb', 'requests'] as const) {
      const [first, last] = span(key);
      lines.push(`  ${key}: ${first} → ${last} (reported, not judged)`);
    }
  }
  const walMax = Math.max(0, ...samples.map((s) => s.walMb));
  lines.push(`WAL: at most ${walMax} MB (limit ${WAL_LIMIT_MB})`);
  if (walMax > WAL_LIMIT_MB) problems.push(`the SQLite WAL reached ${walMax} MB (limit ${WAL_LIMIT_MB})`);
  const connMax = Math.max(0, ...samples.map((s) => s.dbConnections));
  if (o.dialect === 'postgres') {
    lines.push(`PostgreSQL connections: at most ${connMax} (pool ${POSTGRES_POOL_MAX})`);
    if (connMax > POSTGRES_POOL_MAX) problems.push(`${connMax} connections, more than the pool's ${POSTGRES_POOL_MAX}`);
  }
  return { problems, summary: lines.join('\n') };
}

const probeModule = new URL('./soak-probe.mjs', import.meta.url).href;

/** Asks the server child's probe (soak-probe.mjs) for process.memoryUsage() after a full GC. */
async function probe(pid: number, file: string, heapSnapshot?: string): Promise<NodeJS.MemoryUsage> {
  const asked = Date.now();
  if (heapSnapshot) fs.writeFileSync(`${file}.heap`, heapSnapshot);
  process.kill(pid, 'SIGUSR2');
  const deadline = asked + (heapSnapshot ? 300_000 : 30_000);
  while (Date.now() < deadline) {
    await sleep(50);
    try {
      const m = JSON.parse(fs.readFileSync(file, 'utf8')) as NodeJS.MemoryUsage & { at: number };
      if (m.at >= asked) return m;
    } catch {
      /* not written yet */
    }
  }
  throw new Error('the server child did not answer the memory probe');
}

/** Resident bytes of the mappings of `file` in the process (the memory-mapped SQLite database). */
function mappedResident(pid: number, file: string): number {
  let inFile = false;
  let bytes = 0;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inFile = line.endsWith(` ${file}`);
    else if (inFile && line.startsWith('Rss:')) bytes += Number(/(\d+)/.exec(line)![1]) * 1024;
  }
  return bytes;
}

/** A reader: the lists, the catalogue and the GraphQL to-do list, as the portal's home page loads them. */
async function read(baseUrl: string, token: string, stopped: () => boolean, count: () => void): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const paths = [
    '/api/me/tasks/todo?limit=20',
    '/api/me/processes/doing?limit=20',
    '/api/me/processes/done?limit=20',
    '/api/me/processes/cc?limit=20',
    '/api/me/apps',
    '/api/me/notifications',
    '/api/me/preference/FavoriteApps',
  ];
  let i = 0;
  while (!stopped()) {
    const res =
      i % 8 === 7
        ? await fetch(`${baseUrl}/graphql`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ query: '{ tasks(cate: "todo", size: 20) { total } }' }),
          }).catch(() => null)
        : await fetch(`${baseUrl}${paths[i % paths.length]}`, { headers }).catch(() => null);
    await res?.text();
    count();
    i++;
    // About five requests a second per reader: busy, and under the per-user limit of 600 a minute.
    await sleep(200);
  }
}

/** An event-stream client (GET /api/me/events) that reconnects every few seconds, as tabs come and go. */
async function listen(
  baseUrl: string,
  token: string,
  stopped: () => boolean,
  opened: () => void,
  pushed: () => void,
): Promise<void> {
  while (!stopped()) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 3_000 + Math.random() * 7_000);
    try {
      const res = await fetch(`${baseUrl}/api/me/events`, {
        headers: { authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      if (res.ok && res.body) {
        opened();
        const decoder = new TextDecoder();
        for await (const chunk of res.body) {
          const text = decoder.decode(chunk as Uint8Array, { stream: true });
          for (const m of text.matchAll(/^event: (\S+)/gm)) if (m[1] !== 'ready') pushed();
          if (stopped()) break;
        }
      } else await res.text();
    } catch {
      /* aborted: reconnect */
    } finally {
      clearTimeout(timer);
      abort.abort();
    }
    await sleep(200);
  }
}
