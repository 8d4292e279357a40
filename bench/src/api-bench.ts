import { readEndpoints, TARGETS, type Endpoint } from './api-endpoints.ts';
import { runLoad, type LoadResult } from './load/run-load.ts';
import { withCpu } from './lib/cpu.ts';

export interface EndpointResult extends Partial<LoadResult> {
  name: string;
  path: string;
  /** missing: the route answered 404 (not built yet); failed: it answered something else than 2xx. */
  status: 'ok' | 'missing' | 'failed';
  note?: string;
  ratio?: number;
  pass?: boolean | null;
  targets?: string;
  /** The baseline measured just before this endpoint (the ratio's denominator): the machine's load drifts. */
  baselineRequestsPerSecond?: number;
  /** Server CPU ms per request (user + system), and the baseline's just before: steady on a shared machine. */
  cpuMsPerRequest?: number;
  baselineCpuMsPerRequest?: number;
  /** baseline CPU per request ÷ this endpoint's: the share of the baseline's req/s this endpoint reaches per core. */
  cpuRatio?: number;
  /** p99 of the same endpoint at 10,000 processes, and whether this p99 stays within 1.5 × of it. */
  p99At10k?: number;
  growthPass?: boolean;
}

/**
 * Baseline first, then for every read endpoint a 1 s warm-up, the baseline again and the endpoint, each with the same
 * client settings; each endpoint's ratio is to the baseline measured just before it.
 */
export async function benchReads(o: {
  serverUrl: string; baselineUrl: string; tokens: string[]; connections: number; seconds: number; dialect: 'sqlite' | 'postgres';
  serverPid?: number; baselinePid?: number;
  /** What the load client sends as Accept-Encoding: a browser's by default, so compression is part of the cost. */
  acceptEncoding: string;
}): Promise<{ baseline: LoadResult & { cpuMsPerRequest?: number }; rows: EndpointResult[] }> {
  const settings = { connections: o.connections, durationSeconds: o.seconds, headers: { 'accept-encoding': o.acceptEncoding } };
  const baseline = await withCpu(o.baselinePid, () => runLoad({ ...settings, url: o.baselineUrl, method: 'GET', items: [{ path: '/baseline' }] }));
  const rows: EndpointResult[] = [];
  for (const e of readEndpoints()) {
    const probe = await fetch(o.serverUrl + e.path, { method: e.method, headers: { authorization: `Bearer ${o.tokens[0]}` } });
    if (!probe.ok) {
      rows.push({ name: e.name, path: e.path, status: probe.status === 404 ? 'missing' : 'failed',
        note: `${probe.status} ${(await probe.text()).slice(0, 120)}` });
      continue;
    }
    // Warm-up (first token verifications, prepared statements, caches), not measured.
    await runLoad({ ...settings, durationSeconds: 1, url: o.serverUrl, method: e.method,
      ...(e.method === 'POST' ? { body: '' } : {}), items: o.tokens.map((token) => ({ path: e.path, token })) });
    // A baseline right before each endpoint: on a shared machine the load of other work changes within minutes.
    const adjacent = await withCpu(o.baselinePid, () => runLoad({ ...settings, url: o.baselineUrl, method: 'GET', items: [{ path: '/baseline' }] }));
    const result = await withCpu(o.serverPid, () => runLoad({
      ...settings, url: o.serverUrl, method: e.method, ...(e.method === 'POST' ? { body: '' } : {}),
      items: o.tokens.map((token) => ({ path: e.path, token })),
    }));
    const row = judge(e, result, adjacent, o.dialect);
    if (result.cpuMsPerRequest && adjacent.cpuMsPerRequest) {
      Object.assign(row, { cpuMsPerRequest: result.cpuMsPerRequest, baselineCpuMsPerRequest: adjacent.cpuMsPerRequest,
        cpuRatio: +(adjacent.cpuMsPerRequest / result.cpuMsPerRequest).toFixed(4) });
    }
    rows.push(row);
  }
  return { baseline, rows };
}

function judge(e: Endpoint, r: LoadResult, baseline: LoadResult, dialect: 'sqlite' | 'postgres'): EndpointResult {
  const ratio = r.requestsPerSecond / baseline.requestsPerSecond;
  const t = TARGETS[dialect];
  const clean = r.non2xx === 0 && r.errors === 0;
  const row: EndpointResult = {
    name: e.name, path: e.path, status: clean ? 'ok' : 'failed', ...r, ratio, baselineRequestsPerSecond: baseline.requestsPerSecond,
  };
  if (!clean) row.note = `non-2xx ${r.non2xx}, errors ${r.errors}: ${JSON.stringify(r.statusCodes)}`;
  if (e.list) {
    row.targets = `≥ ${t.ratio * 100} %${Number.isFinite(t.p99) ? `, p99 ≤ ${t.p99} ms` : ''}`;
    row.pass = clean && ratio >= t.ratio && r.p99 <= t.p99;
  } else {
    row.pass = null;
  }
  return row;
}
