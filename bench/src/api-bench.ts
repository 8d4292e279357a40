import { readEndpoints, type Endpoint } from './api-endpoints.ts';
import { withCpu } from './lib/cpu.ts';
import { backendsCpuSeconds, databaseBackends, databaseCpuMsPerRequest } from './lib/database-cpu.ts';
import { captureAnswer, registerAnswer } from './lib/same-bytes.ts';
import { median, summariseRepeats, type Repeat, type RepeatSummary } from './lib/targets.ts';
import { runLoad, type LoadResult } from './load/run-load.ts';

export interface EndpointResult extends Partial<LoadResult> {
  name: string;
  path: string;
  /** missing: the route answered 404 (not built yet); failed: it answered something else than 2xx. */
  status: 'ok' | 'missing' | 'failed';
  note?: string;
  list?: boolean;
  /** req/s ÷ the empty route's req/s (medians of the repeats). */
  ratio?: number;
  pass?: boolean | null;
  baselineRequestsPerSecond?: number;
  /** Server CPU ms per request (user + system; median of the repeats), and the empty route's. */
  cpuMsPerRequest?: number;
  baselineCpuMsPerRequest?: number;
  /** The empty route's CPU per request ÷ this endpoint's (median of the per-repeat ratios). */
  cpuRatio?: number;
  /** Bytes of the answer that the same-bytes and stringify routes replay (as sent, and decoded). */
  answerBytes?: { wire: number; json: number; encoding: string | null };
  /** PostgreSQL: its backends' CPU ms per request (the server's pool), per repeat. */
  databaseCpuMs?: number[];
  /** Every repeat's figures and their summary (median, min–max, spread). */
  repeats?: Repeat[];
  summary?: RepeatSummary;
  /** p99 of the same endpoint at 10,000 processes, and whether this p99 stays within 1.5 × of it. */
  p99At10k?: number;
  growthPass?: boolean;
}

type Measured = LoadResult & { cpuMsPerRequest?: number };

/**
 * For every read endpoint: its real answer is captured once and handed to the bare server, a warm-up long enough to
 * touch every user's pages, then `repeats` rounds of four measurements with the same client settings — the empty
 * bare route, the bare route answering the same bytes, the bare route JSON.stringify-ing the same object, and the
 * endpoint — so each ratio compares figures taken seconds apart (a shared machine's load drifts within minutes).
 */
export async function benchReads(o: {
  serverUrl: string;
  baselineUrl: string;
  tokens: string[];
  connections: number;
  seconds: number;
  dialect: 'sqlite' | 'postgres';
  serverPid?: number;
  baselinePid?: number;
  warmupSeconds: number;
  repeats: number;
  /** PostgreSQL: the database whose backends' CPU is reported next to the server's. */
  databaseUrl?: string;
  /** What the load client sends as Accept-Encoding: a browser's by default, so compression is part of the cost. */
  acceptEncoding: string;
}): Promise<{ baseline: Measured; rows: EndpointResult[] }> {
  const settings = {
    connections: o.connections,
    durationSeconds: o.seconds,
    headers: { 'accept-encoding': o.acceptEncoding },
  };
  const bare = (path: string) =>
    withCpu(o.baselinePid, () => runLoad({ ...settings, url: o.baselineUrl, method: 'GET', items: [{ path }] }));
  const baseline = await bare('/baseline');
  const rows: EndpointResult[] = [];
  for (const [index, e] of readEndpoints().entries()) {
    const answer = await captureAnswer(o.serverUrl + e.path, {
      method: e.method,
      token: o.tokens[0]!,
      acceptEncoding: o.acceptEncoding,
    });
    if (answer.status < 200 || answer.status > 299) {
      rows.push({
        name: e.name,
        path: e.path,
        status: answer.status === 404 ? 'missing' : 'failed',
        note: `${answer.status} ${answer.json.slice(0, 120)}`,
      });
      continue;
    }
    const key = `e${index}`;
    const withBareAnswers = e.name !== 'healthz (stack floor)';
    if (withBareAnswers) await registerAnswer(o.baselineUrl, key, answer);
    const load = () =>
      runLoad({
        ...settings,
        url: o.serverUrl,
        method: e.method,
        ...(e.method === 'POST' ? { body: '' } : {}),
        items: o.tokens.map((token) => ({ path: e.path, token })),
      });
    // Warm-up (token verifications, prepared statements, the first touch of every user's pages), not measured.
    await runLoad({
      ...settings,
      durationSeconds: o.warmupSeconds,
      url: o.serverUrl,
      method: e.method,
      ...(e.method === 'POST' ? { body: '' } : {}),
      items: o.tokens.map((token) => ({ path: e.path, token })),
    });
    const measured: Measured[] = [];
    const repeats: Repeat[] = [];
    const databaseCpuMs: number[] = [];
    const backends =
      o.dialect === 'postgres' && o.databaseUrl ? await databaseBackends(o.databaseUrl).catch(() => []) : [];
    for (let r = 0; r < o.repeats; r += 1) {
      const empty = await bare('/baseline');
      const bytes = withBareAnswers ? await bare(`/bytes/${key}`) : undefined;
      const stringify = withBareAnswers ? await bare(`/stringify/${key}`) : undefined;
      const dbBefore = backendsCpuSeconds(backends);
      const result = await withCpu(o.serverPid, load);
      const dbCpu = databaseCpuMsPerRequest(dbBefore, backendsCpuSeconds(backends), result.total);
      if (dbCpu !== undefined) databaseCpuMs.push(dbCpu);
      measured.push(result);
      repeats.push({
        cpuMs: result.cpuMsPerRequest,
        emptyCpuMs: empty.cpuMsPerRequest,
        bytesCpuMs: bytes?.cpuMsPerRequest,
        stringifyCpuMs: stringify?.cpuMsPerRequest,
        p99: result.p99,
        requestsPerSecond: result.requestsPerSecond,
        emptyRequestsPerSecond: empty.requestsPerSecond,
      });
    }
    rows.push({ ...row(e, measured, repeats, answer), ...(databaseCpuMs.length ? { databaseCpuMs } : {}) });
  }
  return { baseline, rows };
}

function row(
  e: Endpoint,
  measured: Measured[],
  repeats: Repeat[],
  answer: Awaited<ReturnType<typeof captureAnswer>>,
): EndpointResult {
  const summary = summariseRepeats(repeats);
  const non2xx = measured.reduce((n, m) => n + m.non2xx, 0);
  const errors = measured.reduce((n, m) => n + m.errors, 0);
  const statusCodes: Record<string, number> = {};
  for (const m of measured)
    for (const [k, v] of Object.entries(m.statusCodes)) statusCodes[k] = (statusCodes[k] ?? 0) + v;
  const emptyRps = median(repeats.map((r) => r.emptyRequestsPerSecond ?? Number.NaN));
  const clean = non2xx === 0 && errors === 0;
  return {
    name: e.name,
    path: e.path,
    list: e.list,
    status: clean ? 'ok' : 'failed',
    ...(clean ? {} : { note: `non-2xx ${non2xx}, errors ${errors}: ${JSON.stringify(statusCodes)}` }),
    requestsPerSecond: summary.requestsPerSecond.median,
    total: measured.reduce((n, m) => n + m.total, 0),
    p50: median(measured.map((m) => m.p50)),
    p99: summary.p99.median,
    max: Math.max(...measured.map((m) => m.max)),
    errors,
    non2xx,
    statusCodes,
    seconds: measured.reduce((n, m) => n + m.seconds, 0),
    bytesPerResponse: measured[0]?.bytesPerResponse,
    ratio: summary.requestsPerSecond.median / emptyRps,
    baselineRequestsPerSecond: emptyRps,
    cpuMsPerRequest: summary.cpuMs?.median,
    baselineCpuMsPerRequest: summary.emptyCpuMs?.median,
    cpuRatio: summary.ofEmpty?.median,
    answerBytes: { wire: answer.bytes.length, json: Buffer.byteLength(answer.json), encoding: answer.contentEncoding },
    repeats,
    summary,
  };
}
