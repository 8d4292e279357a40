import fs from 'node:fs';

/**
 * CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat (Linux; null elsewhere). The load a
 * shared machine's other work puts on the cores changes req/s from one second to the next, but hardly the CPU time
 * one request costs — so CPU per request is the steadier way to compare the server with the baseline.
 */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Runs `work` and returns its result with the CPU milliseconds per request `pid` spent meanwhile. */
export async function withCpu<T extends { total: number }>(
  pid: number | undefined,
  work: () => Promise<T>,
): Promise<T & { cpuMsPerRequest?: number }> {
  const before = pid === undefined ? null : cpuSeconds(pid);
  const result = await work();
  const after = pid === undefined ? null : cpuSeconds(pid);
  if (before === null || after === null || result.total === 0) return result;
  return { ...result, cpuMsPerRequest: +(((after - before) * 1000) / result.total).toFixed(3) };
}
