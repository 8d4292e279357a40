import { openDatabase } from '../../src/db/database.ts';
import { checkOutcomes, takeBaseline, type CrashFigures } from './crash-checker.ts';
import { runClient, type Outcome } from './crash-clients.ts';
import { AnswerTally, stopDatabase, terminateBusySessions, type DatabaseFaultReport } from './crash-db-faults.ts';
import { freePort, prepareDatabase, ServerProcess, sleep } from './crash-server.ts';
import { pgProxy, type PgProxy } from './pg-proxy.ts';

export interface CrashOptions {
  dialect: 'sqlite' | 'postgres';
  kills: number;
  /** The server is killed this long (uniformly at random) after it became ready. */
  upMs: [number, number];
  /** Downtime between the kill and the restart. */
  downMs: [number, number];
  seed?: number;
  log?: (line: string) => void;
  /**
   * PostgreSQL only: after the kills, database faults the running server must live through without a restart:
   * the database unreachable for `stopMs` (the server reaches it through a TCP proxy that then refuses and cuts every
   * connection), then busy sessions terminated (`pg_terminate_backend` on `active` and `idle in transaction`).
   */
  databaseFaults?: { stopMs: number };
}

export interface CrashReport extends CrashFigures {
  dialect: string;
  kills: number;
  seconds: number;
  /** Every answer the clients got, retries included, by "status ecode" ("none": connection refused or cut). */
  answers: Record<string, number>;
  faults: DatabaseFaultReport[];
}

const STARTERS = ['zhangsan', 'liuxiaoming'];
const APPROVERS = ['lisi', 'wangwu'];

/**
 * The kill test: clients run random batches of task actions with idempotency keys and the
 * client's retry policy while the server is killed with SIGKILL at random moments and restarted, and (PostgreSQL,
 * `databaseFaults`) while its database goes away and its busy sessions are terminated under the running server;
 * then the checker compares every labelled operation and the event log with what the database holds.
 */
export async function runCrashTest(o: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const log = o.log ?? (() => {});
  const random = mulberry32(o.seed ?? Date.now());
  const between = ([a, b]: [number, number]) => a + random() * (b - a);
  const port = await freePort();
  const prepared = await prepareDatabase(o.dialect, port);
  if (o.databaseFaults && o.dialect !== 'postgres') throw new Error('database faults need PostgreSQL');
  let proxy: PgProxy | undefined;
  if (o.databaseFaults) proxy = await pgProxy(new URL(prepared.url));
  const server = new ServerProcess(
    { ...prepared.env, REDIS_URL: '', ...(proxy ? { DATABASE_URL: proxy.url(prepared.url) } : {}) },
    port,
  );
  const tally = new AnswerTally();
  const faults: DatabaseFaultReport[] = [];
  try {
    const baseDb = await openDatabase(prepared.url);
    const baseline = await takeBaseline(baseDb.db);
    await baseDb.close();

    await server.start();
    const outcomes: Outcome[] = [];
    let stop = false;
    const targeted = new Set<string>();
    const roles = [...STARTERS.map((u) => [u, 'starter'] as const), ...APPROVERS.map((u) => [u, 'approver'] as const)];
    const tokens = await Promise.all(roles.map(([user]) => prepared.tokenFor(user)));
    const running = Promise.all(
      roles.map(([user, role], i) =>
        runClient({
          baseUrl: server.url,
          token: tokens[i]!,
          user,
          role,
          targeted,
          record: (x) => outcomes.push(x),
          stopped: () => stop,
          random,
          answered: tally.hear,
        }),
      ),
    );

    let kills = 0;
    for (let i = 0; i < o.kills; i++) {
      await sleep(between(o.upMs));
      await server.kill();
      kills++;
      log(`${o.dialect}: kill ${kills}/${o.kills} after ${outcomes.length} operations`);
      await sleep(between(o.downMs));
      await server.start();
    }
    if (o.databaseFaults && proxy) {
      await sleep(between(o.upMs));
      // A server that died of a fault is started again, so the next fault and the checker still run; the test
      // fails on the fault's sameProcess.
      const survived = async (fault: DatabaseFaultReport) => {
        log(`${o.dialect}: ${JSON.stringify(fault)}`);
        faults.push(fault);
        if (server.alive) return;
        fault.died = server.log.slice(-2000);
        await server.start();
      };
      await survived(await stopDatabase(server, proxy, tally, o.databaseFaults.stopMs));
      await survived(await terminateBusySessions(server, prepared.url, tally, random));
    }
    // Let the last retries land on a live server, then stop the clients.
    await sleep(1500);
    stop = true;
    await running;
    // Operations left unknown are sent once more with their original key: one whose first attempt committed
    // before the kill must be answered from the idempotency store, not applied again.
    for (const x of outcomes) {
      if (!x.resend) continue;
      const r = await x.resend();
      x.resent = {
        status: r?.status ?? null,
        ecode: r?.body?.ecode as string | undefined,
        replayed: r?.replayed ?? false,
      };
    }
    await server.stop();

    const db = await openDatabase(prepared.url);
    try {
      const figures = await checkOutcomes(db.db, baseline, outcomes);
      return {
        ...figures,
        dialect: o.dialect,
        kills,
        seconds: Math.round((Date.now() - started) / 1000),
        answers: tally.all,
        faults,
      };
    } finally {
      await db.close();
    }
  } finally {
    await server.kill();
    await proxy?.close();
    await prepared.drop();
  }
}

/** A small seeded PRNG, so a failing run can be repeated with CRASH_SEED. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
