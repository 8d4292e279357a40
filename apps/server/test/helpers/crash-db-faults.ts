import pg from 'pg';

import type { Answer } from './crash-clients.ts';
import { sleep, type ServerProcess } from './crash-server.ts';
import type { PgProxy } from './pg-proxy.ts';

/** What the kill test saw of one database fault the running server had to live through. */
export interface DatabaseFaultReport {
  fault: 'stopped' | 'terminated';
  /** How long the fault lasted, from its start until /readyz and a client's request succeeded again. */
  ms: number;
  /** Every answer the clients got meanwhile, by "status ecode" ("none" when no answer came). */
  answers: Record<string, number>;
  /** `stopped` only: /readyz answers polled during the fault, by status ("none": no answer within 5 s). */
  readyzDuring?: Record<string, number>;
  /** /readyz once recovered (or given up waiting). */
  readyzAfter: number | null;
  /** The same server process, still running, before and after (no restart). */
  sameProcess: boolean;
  /** /readyz answered 200 and a client's request succeeded after the fault. */
  recovered: boolean;
  /** The end of the server's output, when it died of the fault. */
  died?: string;
  /** `terminated` only: backends ended per state they were in. */
  terminatedSessions?: Record<TerminatedState, number>;
}

type TerminatedState = 'active' | 'idle in transaction';

/**
 * Counts the clients' answers by "status ecode": all of them, those since the last `take()`, and the successes
 * (2xx) since the last `mark()`.
 */
export class AnswerTally {
  all: Record<string, number> = {};
  private since: Record<string, number> = {};
  successes = 0;
  hear = (a: Answer) => {
    const k = a.status === null ? 'none' : `${a.status}${a.ecode ? ` ${a.ecode}` : ''}`;
    this.all[k] = (this.all[k] ?? 0) + 1;
    this.since[k] = (this.since[k] ?? 0) + 1;
    if (a.status !== null && a.status >= 200 && a.status < 300) this.successes++;
  };
  take(): Record<string, number> {
    const t = this.since;
    this.since = {};
    return t;
  }
  mark(): void {
    this.successes = 0;
  }
}

async function readyz(url: string): Promise<number | null> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

/** Polls /readyz and records its answers until stopped; `seen(status)` tells whether one came. */
function pollReadyz(url: string) {
  const counts: Record<string, number> = {};
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const status = await readyz(url);
      counts[String(status ?? 'none')] = (counts[String(status ?? 'none')] ?? 0) + 1;
      await sleep(100);
    }
  })();
  return {
    counts,
    seen: (status: number) => (counts[String(status)] ?? 0) > 0,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** Waits (bounded) until `ok()` holds; returns whether it did. */
async function until(ok: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ok()) return true;
    await sleep(everyMs);
  }
  return ok();
}

/**
 * Recovery, once the fault is over: /readyz answers 200 and some client's request succeeds, the server not having
 * been restarted. Returns /readyz's last answer and whether both held.
 */
async function recover(
  server: ServerProcess,
  tally: AnswerTally,
  timeoutMs = 30_000,
): Promise<{ recovered: boolean; readyzAfter: number | null }> {
  tally.mark();
  let last: number | null = null;
  const ok = await until(
    async () => {
      if (!server.alive) return true;
      last = await readyz(server.url);
      return last === 200 && tally.successes > 0;
    },
    timeoutMs,
    100,
  );
  return { recovered: ok && server.alive, readyzAfter: last };
}

/**
 * PostgreSQL stopped: the proxy the server reaches the database through refuses new connections and cuts every
 * open one (idle, checked out, inside a transaction) for `stopMs`, then accepts again. /readyz must fail during it.
 */
export async function stopDatabase(
  server: ServerProcess,
  proxy: PgProxy,
  tally: AnswerTally,
  stopMs: number,
): Promise<DatabaseFaultReport> {
  const pid = server.pid;
  const started = Date.now();
  tally.take();
  const poll = pollReadyz(server.url);
  await proxy.down();
  await sleep(stopMs);
  // Had the probe not answered 503 yet (it answered nothing while the server was busy), it must do so before the
  // database comes back, or the test could not tell an unready instance from a probe that never ran.
  await until(() => poll.seen(503) || !server.alive, 15_000);
  await poll.stop();
  await proxy.up();
  const after = await recover(server, tally);
  return {
    fault: 'stopped',
    ms: Date.now() - started,
    answers: tally.take(),
    readyzDuring: poll.counts,
    ...after,
    sameProcess: server.alive && server.pid === pid,
  };
}

/**
 * A busy session terminated: `pg_terminate_backend` on the server's backends that are `active` (a statement
 * running) and, separately, `idle in transaction` (between two statements of a transaction), as an operator or a
 * failover does. Each state is hunted until one backend in it was ended (bounded rounds), then left alone, so the
 * load goes on and finishes instead of every retry being killed in turn.
 */
export async function terminateBusySessions(
  server: ServerProcess,
  databaseUrl: string,
  tally: AnswerTally,
  random: () => number,
  maxRounds = 600,
): Promise<DatabaseFaultReport> {
  const pid = server.pid;
  const started = Date.now();
  tally.take();
  const terminated: Record<TerminatedState, number> = { active: 0, 'idle in transaction': 0 };
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    for (let round = 0; round < maxRounds; round++) {
      const wanted = (Object.keys(terminated) as TerminatedState[]).filter((s) => terminated[s] === 0);
      if (wanted.length === 0) break;
      const { rows } = await admin.query<{ state: TerminatedState; ended: boolean }>(
        `SELECT state, pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
            AND state = ANY($1::text[])`,
        [wanted],
      );
      for (const r of rows) if (r.ended) terminated[r.state]++;
      await sleep(2 + random() * 8);
    }
  } finally {
    await admin.end();
  }
  const after = await recover(server, tally);
  return {
    fault: 'terminated',
    ms: Date.now() - started,
    answers: tally.take(),
    ...after,
    sameProcess: server.alive && server.pid === pid,
    terminatedSessions: terminated,
  };
}
