/**
 * The performance targets (docs/performance.md) and the arithmetic that judges a run against them: medians,
 * the spread of repeats, CPU ratios to the bare routes. Pure functions, so the harness's own logic has unit tests
 * (bench/test/targets.test.ts); the figures themselves are never a timed unit test.
 */
export const ISSUE17 = {
  /** The list targets are set at this size; a run at another size is judged too, and labelled. */
  appliesAt: 1_000_000,
  sqlite: { cpuMs: 0.15, ofStringify: 0.5, ofEmpty: 0.15, p99Ms: 30 },
  postgres: { cpuMs: 0.35 },
  /** p99 at 1,000,000 ≤ 1.5 × p99 at 10,000. */
  growth: 1.5,
  actions: { perSecond: 500, cpuMs: 1.5 },
  pushP95Ms: 200,
  web: { brotliBytes: { desktop: 200 * 1024, mobile: 120 * 1024 }, todoFirstRowsMs: 1000 },
} as const;

export interface Spread {
  median: number;
  min: number;
  max: number;
  values: number[];
  /** (max − min) ÷ median */ spreadPct: number;
}
export interface Verdict {
  target: string;
  measured: string;
  pass: boolean | null;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function spread(values: number[]): Spread {
  const m = median(values);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return { median: m, min, max, values, spreadPct: m > 0 ? (max - min) / m : 0 };
}

/**
 * A bare route's CPU per request ÷ the endpoint's: the share of the bare route's requests per core the endpoint
 * reaches (1 = as cheap as the bare route). Undefined when either is missing or zero.
 */
export function cpuRatio(bareCpuMs: number | undefined, endpointCpuMs: number | undefined): number | undefined {
  if (!bareCpuMs || !endpointCpuMs) return undefined;
  return bareCpuMs / endpointCpuMs;
}

/** One repeat of one endpoint: CPU ms per request of the endpoint and of the bare routes measured next to it. */
export interface Repeat {
  cpuMs?: number;
  emptyCpuMs?: number;
  bytesCpuMs?: number;
  stringifyCpuMs?: number;
  p99: number;
  requestsPerSecond: number;
  emptyRequestsPerSecond?: number;
}

export interface RepeatSummary {
  cpuMs?: Spread;
  emptyCpuMs?: Spread;
  bytesCpuMs?: Spread;
  stringifyCpuMs?: Spread;
  /** Ratios taken per repeat (each against the bare routes measured in the same repeat), then summarised. */
  ofEmpty?: Spread;
  ofBytes?: Spread;
  ofStringify?: Spread;
  p99: Spread;
  requestsPerSecond: Spread;
}

export function summariseRepeats(repeats: Repeat[]): RepeatSummary {
  const of = (pick: (r: Repeat) => number | undefined): Spread | undefined => {
    const values = repeats.map(pick).filter((v): v is number => v !== undefined && Number.isFinite(v));
    return values.length ? spread(values) : undefined;
  };
  return {
    cpuMs: of((r) => r.cpuMs),
    emptyCpuMs: of((r) => r.emptyCpuMs),
    bytesCpuMs: of((r) => r.bytesCpuMs),
    stringifyCpuMs: of((r) => r.stringifyCpuMs),
    ofEmpty: of((r) => cpuRatio(r.emptyCpuMs, r.cpuMs)),
    ofBytes: of((r) => cpuRatio(r.bytesCpuMs, r.cpuMs)),
    ofStringify: of((r) => cpuRatio(r.stringifyCpuMs, r.cpuMs)),
    p99: spread(repeats.map((r) => r.p99)),
    requestsPerSecond: spread(repeats.map((r) => r.requestsPerSecond)),
  };
}

const at = (processes: number) =>
  processes === ISSUE17.appliesAt
    ? ''
    : ` [target is for ${ISSUE17.appliesAt.toLocaleString('en')}; this run ${processes.toLocaleString('en')}]`;
const pct = (r: number | undefined) => (r === undefined ? 'n/a' : `${(r * 100).toFixed(1)} %`);
const ms = (v: number | undefined, digits = 3) => (v === undefined ? 'n/a' : `${v.toFixed(digits)} ms`);
const range = (s: Spread | undefined, f: (v: number) => string) =>
  s ? `${f(s.median)} (${f(s.min)}–${f(s.max)})` : 'n/a';

/** The list targets for one endpoint: CPU per request, its ratios to the bare routes, p99 and its growth. */
export function listVerdicts(o: {
  name: string;
  dialect: 'sqlite' | 'postgres';
  processes: number;
  summary: RepeatSummary;
  p99At10k?: number;
  clean: boolean;
}): Verdict[] {
  const { summary: s, name } = o;
  const where = `${o.dialect} ${name}${at(o.processes)}`;
  const judged = (ok: boolean | undefined) => (ok === undefined ? null : o.clean && ok);
  const out: Verdict[] = [];
  const cpuLimit = o.dialect === 'sqlite' ? ISSUE17.sqlite.cpuMs : ISSUE17.postgres.cpuMs;
  out.push({
    target: `${where}: server CPU ≤ ${cpuLimit} ms/request`,
    measured: range(s.cpuMs, (v) => ms(v)),
    pass: judged(s.cpuMs && s.cpuMs.median <= cpuLimit),
  });
  if (o.dialect === 'sqlite') {
    out.push({
      target: `${where}: ≥ ${ISSUE17.sqlite.ofStringify * 100} % of the same-bytes JSON.stringify route (CPU)`,
      measured: range(s.ofStringify, pct),
      pass: judged(s.ofStringify && s.ofStringify.median >= ISSUE17.sqlite.ofStringify),
    });
    out.push({
      target: `${where}: ≥ ${ISSUE17.sqlite.ofEmpty * 100} % of the empty route (CPU)`,
      measured: range(s.ofEmpty, pct),
      pass: judged(s.ofEmpty && s.ofEmpty.median >= ISSUE17.sqlite.ofEmpty),
    });
    out.push({
      target: `${where}: p99 ≤ ${ISSUE17.sqlite.p99Ms} ms`,
      measured: range(s.p99, (v) => `${v} ms`),
      pass: judged(s.p99.median <= ISSUE17.sqlite.p99Ms),
    });
  }
  if (o.p99At10k !== undefined) {
    out.push({
      target: `${o.dialect} ${name}: p99 at ${o.processes.toLocaleString('en')} ≤ ${ISSUE17.growth} × p99 at 10,000`,
      measured: `${s.p99.median} ms vs ${o.p99At10k} ms (${(s.p99.median / Math.max(o.p99At10k, 1)).toFixed(2)} ×)`,
      pass: growthPass(s.p99.median, o.p99At10k),
    });
  }
  return out;
}

export function growthPass(p99: number, p99At10k: number): boolean {
  return p99 <= ISSUE17.growth * Math.max(p99At10k, 1);
}

/** Task actions: median of the runs' actions/s and CPU per action, each run exactly once. */
/**
 * The three timed runs decide rate and CPU; the untimed warm-up before them (its tasks handled the same way) must be
 * exactly once too.
 */
export function actionVerdicts(o: {
  dialect: 'sqlite' | 'postgres';
  processes: number;
  runs: Array<{ perSecond: number; cpuMs?: number; exactlyOnce: boolean }>;
  warmupExactlyOnce?: boolean;
}): Verdict[] {
  if (o.runs.length === 0) return [{ target: 'task actions', measured: 'no run', pass: null }];
  const perSecond = spread(o.runs.map((r) => r.perSecond));
  const cpus = o.runs.map((r) => r.cpuMs).filter((v): v is number => v !== undefined);
  const cpu = cpus.length ? spread(cpus) : undefined;
  const once = o.runs.every((r) => r.exactlyOnce) && o.warmupExactlyOnce !== false;
  const where = `${o.dialect} task actions${at(o.processes)}`;
  const sqlite = o.dialect === 'sqlite';
  return [
    {
      target: `${where}: ≥ ${ISSUE17.actions.perSecond}/s, median of ${o.runs.length}, exactly once`,
      measured: `${perSecond.median.toFixed(0)}/s (${perSecond.min.toFixed(0)}–${perSecond.max.toFixed(0)}), exactly once: ${once}`,
      pass: sqlite ? once && perSecond.median >= ISSUE17.actions.perSecond : null,
    },
    {
      target: `${where}: server CPU ≤ ${ISSUE17.actions.cpuMs} ms/action`,
      measured: range(cpu, (v) => ms(v, 2)),
      pass: sqlite && cpu ? cpu.median <= ISSUE17.actions.cpuMs : null,
    },
  ];
}

export function pushVerdict(
  across: { listMs?: { p95: number }; eventMs?: { p95: number }; status: string } | undefined,
): Verdict {
  if (!across)
    return {
      target: `push p95 ≤ ${ISSUE17.pushP95Ms} ms across two instances`,
      measured: 'not measured (needs --redis)',
      pass: null,
    };
  if (!across.listMs || !across.eventMs)
    return { target: `push p95 ≤ ${ISSUE17.pushP95Ms} ms across two instances`, measured: across.status, pass: false };
  return {
    target: `push p95 ≤ ${ISSUE17.pushP95Ms} ms across two instances (event on B, and B's list refetched)`,
    measured: `event p95 ${across.eventMs.p95} ms, list p95 ${across.listMs.p95} ms`,
    pass: across.listMs.p95 <= ISSUE17.pushP95Ms,
  };
}

/** " (median of 5 cold loads, 812–1104)" after a figure that is the median of several cold loads; "" otherwise. */
export const coldLoadsNote = (runs: Spread | undefined): string =>
  runs ? ` (median of ${runs.values.length} cold loads, ${runs.min}–${runs.max})` : '';

/** First load in brotli bytes per layout and the 5,000-task to-do's first rows, unthrottled, per layout. */
export function webVerdicts(o: {
  brotliBytes: Partial<Record<'desktop' | 'mobile', number>>;
  /** Loaded once the page is idle, not counted (page/cold-load.ts). */
  deferredBytes?: Partial<Record<'desktop' | 'mobile', number>>;
  todoFirstRowsMs: Partial<Record<'desktop' | 'mobile', number | null>>;
  /** The cold loads whose median `todoFirstRowsMs` is, when there were several. */
  todoFirstRowsRuns?: Partial<Record<'desktop' | 'mobile', Spread | undefined>>;
}): Verdict[] {
  const out: Verdict[] = [];
  for (const device of ['desktop', 'mobile'] as const) {
    const bytes = o.brotliBytes[device];
    const limit = ISSUE17.web.brotliBytes[device];
    const deferred = o.deferredBytes?.[device];
    const later = deferred ? ` (+ ${(deferred / 1024).toFixed(1)} KB loaded when idle)` : '';
    out.push({
      target: `${device} first load ≤ ${limit / 1024} KB brotli`,
      measured: bytes === undefined ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB${later}`,
      pass: bytes === undefined ? null : bytes <= limit,
    });
  }
  for (const device of ['desktop', 'mobile'] as const) {
    const rows = o.todoFirstRowsMs[device];
    const note = coldLoadsNote(o.todoFirstRowsRuns?.[device]);
    out.push({
      target: `${device} 5,000-task to-do first rows ≤ ${ISSUE17.web.todoFirstRowsMs} ms unthrottled`,
      measured: rows == null ? 'n/a' : `${rows} ms${note}`,
      pass: rows == null ? null : rows <= ISSUE17.web.todoFirstRowsMs,
    });
  }
  return out;
}

/** `PASS  <target>: <measured>` — what `npm run bench` prints for every target. */
export function verdictLine(v: Verdict): string {
  const word = v.pass === true ? 'PASS' : v.pass === false ? 'FAIL' : '----';
  return `${word}  ${v.target}: ${v.measured}`;
}
