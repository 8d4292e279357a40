import { sql } from 'kysely';

import { openDatabase } from '../../../apps/server/src/db/database.ts';
import { cpuSeconds } from './cpu.ts';

/**
 * PostgreSQL's own CPU for one measurement (reported beside the server's): the backends connected
 * to the benchmark's database other than this one — the server's pool — are listed after the warm-up, and their
 * user + system time from /proc is summed before and after. Backends of other databases (other builds sharing the
 * PostgreSQL server) are not counted. A backend that exits meanwhile is left out; null where /proc is not readable
 * (a PostgreSQL on another host).
 */
export async function databaseBackends(databaseUrl: string): Promise<number[]> {
  const handle = await openDatabase(databaseUrl);
  try {
    // The pool of this handle has one connection here: leave it out.
    const own = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    const r = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(
      handle.db,
    );
    const mine = new Set(own.rows.map((row) => Number(row.pid)));
    return r.rows.map((row) => Number(row.pid)).filter((pid) => !mine.has(pid));
  } finally {
    await handle.close();
  }
}

export function backendsCpuSeconds(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const s = cpuSeconds(pid);
    if (s !== null) out.set(pid, s);
  }
  return out;
}

/** CPU ms per request the backends used between two readings (only backends present in both). */
export function databaseCpuMsPerRequest(
  before: Map<number, number>,
  after: Map<number, number>,
  requests: number,
): number | undefined {
  let used = 0;
  let seen = 0;
  for (const [pid, s] of after) {
    const b = before.get(pid);
    if (b === undefined) continue;
    used += s - b;
    seen += 1;
  }
  if (seen === 0 || requests === 0) return undefined;
  return +((used * 1000) / requests).toFixed(3);
}
