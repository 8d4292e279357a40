import { describe, expect, it } from 'vitest';

import {
  actionVerdicts,
  cpuRatio,
  growthPass,
  listVerdicts,
  median,
  pushVerdict,
  spread,
  summariseRepeats,
  verdictLine,
  webVerdicts,
} from '../src/lib/targets.ts';

describe('the benchmark harness judges a run', () => {
  it('takes the median and the spread of repeats', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(spread([0.2, 0.1, 0.3])).toMatchObject({ median: 0.2, min: 0.1, max: 0.3 });
    expect(spread([0.2, 0.1, 0.3]).spreadPct).toBeCloseTo(1);
  });

  it('compares CPU per request with a bare route per repeat, not from the medians', () => {
    expect(cpuRatio(0.03, 0.15)).toBeCloseTo(0.2);
    expect(cpuRatio(undefined, 0.15)).toBeUndefined();
    expect(cpuRatio(0.03, 0)).toBeUndefined();
    const s = summariseRepeats([
      { cpuMs: 0.2, emptyCpuMs: 0.02, bytesCpuMs: 0.03, stringifyCpuMs: 0.1, p99: 20, requestsPerSecond: 1000 },
      { cpuMs: 0.4, emptyCpuMs: 0.08, bytesCpuMs: 0.04, stringifyCpuMs: 0.2, p99: 40, requestsPerSecond: 500 },
      { cpuMs: 0.3, emptyCpuMs: 0.03, bytesCpuMs: 0.03, stringifyCpuMs: 0.15, p99: 25, requestsPerSecond: 700 },
    ]);
    expect(s.cpuMs?.median).toBe(0.3);
    // Ratios per repeat: 0.1, 0.2, 0.1 → median 0.1 (the medians' ratio would say 0.03 / 0.3 = 0.1 by luck here).
    expect(s.ofEmpty?.values.map((v) => +v.toFixed(3))).toEqual([0.1, 0.2, 0.1]);
    expect(s.ofStringify?.median).toBeCloseTo(0.5);
    expect(s.p99.median).toBe(25);
  });

  it('passes a SQLite list only when CPU, both ratios and p99 are within the targets', () => {
    const summary = summariseRepeats([
      { cpuMs: 0.14, emptyCpuMs: 0.025, stringifyCpuMs: 0.08, p99: 25, requestsPerSecond: 5000 },
    ]);
    const ok = listVerdicts({ name: 'todo', dialect: 'sqlite', processes: 1_000_000, summary, clean: true });
    expect(ok.map((v) => v.pass)).toEqual([true, true, true, true]);
    expect(ok[0]!.target).not.toContain('target is for');
    const slow = listVerdicts({
      name: 'todo',
      dialect: 'sqlite',
      processes: 10_000,
      p99At10k: 10,
      summary: summariseRepeats([
        { cpuMs: 0.6, emptyCpuMs: 0.025, stringifyCpuMs: 0.08, p99: 40, requestsPerSecond: 1000 },
      ]),
      clean: true,
    });
    expect(slow.map((v) => v.pass)).toEqual([false, false, false, false, false]);
    expect(slow[0]!.target).toContain('[target is for 1,000,000; this run 10,000]');
    // Errors fail every target however fast the answers were.
    expect(
      listVerdicts({ name: 'todo', dialect: 'sqlite', processes: 1_000_000, summary, clean: false }).every(
        (v) => v.pass === false,
      ),
    ).toBe(true);
  });

  it('holds PostgreSQL lists to CPU alone', () => {
    const v = listVerdicts({
      name: 'doing',
      dialect: 'postgres',
      processes: 1_000_000,
      clean: true,
      summary: summariseRepeats([{ cpuMs: 0.3, emptyCpuMs: 0.03, p99: 90, requestsPerSecond: 900 }]),
    });
    expect(v).toHaveLength(1);
    expect(v[0]!.pass).toBe(true);
  });

  it('allows p99 at 1,000,000 up to 1.5 × p99 at 10,000', () => {
    expect(growthPass(45, 30)).toBe(true);
    expect(growthPass(46, 30)).toBe(false);
    expect(growthPass(1, 0)).toBe(true); // a 0 ms p99 at 10,000 counts as 1 ms
  });

  it('judges actions on the median of three runs, and never when one ran twice', () => {
    const runs = [
      { perSecond: 480, cpuMs: 1.4, exactlyOnce: true },
      { perSecond: 520, cpuMs: 1.6, exactlyOnce: true },
      { perSecond: 510, cpuMs: 1.3, exactlyOnce: true },
    ];
    expect(actionVerdicts({ dialect: 'sqlite', processes: 1_000_000, runs }).map((v) => v.pass)).toEqual([true, true]);
    expect(
      actionVerdicts({
        dialect: 'sqlite',
        processes: 1_000_000,
        runs: runs.map((r, i) => ({ ...r, exactlyOnce: i !== 1 })),
      })[0]!.pass,
    ).toBe(false);
    // A task handled twice in the untimed warm-up fails the target as well.
    expect(actionVerdicts({ dialect: 'sqlite', processes: 1_000_000, runs, warmupExactlyOnce: false })[0]!.pass).toBe(
      false,
    );
    expect(actionVerdicts({ dialect: 'sqlite', processes: 1_000_000, runs, warmupExactlyOnce: true })[0]!.pass).toBe(
      true,
    );
    expect(actionVerdicts({ dialect: 'postgres', processes: 1_000_000, runs })[0]!.pass).toBeNull();
  });

  it('judges push across instances and the web targets, and says when nothing was measured', () => {
    expect(pushVerdict(undefined).pass).toBeNull();
    expect(pushVerdict({ status: 'ok', eventMs: { p95: 20 }, listMs: { p95: 199 } }).pass).toBe(true);
    expect(pushVerdict({ status: 'ok', eventMs: { p95: 20 }, listMs: { p95: 201 } }).pass).toBe(false);
    const web = webVerdicts({
      brotliBytes: { desktop: 200 * 1024, mobile: 121 * 1024 },
      todoFirstRowsMs: { desktop: 900, mobile: null },
    });
    expect(web.map((v) => v.pass)).toEqual([true, false, true, null]);
    expect(verdictLine(web[1]!)).toBe('FAIL  mobile first load ≤ 120 KB brotli: 121.0 KB');
    expect(verdictLine(web[3]!)).toMatch(/^---- {2}mobile 5,000-task/);
    // What the page loads once idle is reported beside the first load, not counted in it.
    const idle = webVerdicts({
      brotliBytes: { desktop: 199 * 1024 },
      deferredBytes: { desktop: 45 * 1024 },
      todoFirstRowsMs: {},
    });
    expect(verdictLine(idle[0]!)).toBe(
      'PASS  desktop first load ≤ 200 KB brotli: 199.0 KB (+ 45.0 KB loaded when idle)',
    );
    // The first rows are the median of several cold loads, and the line says of how many and their range.
    const rows = webVerdicts({
      brotliBytes: {},
      todoFirstRowsMs: { desktop: 990 },
      todoFirstRowsRuns: { desktop: spread([1200, 990, 850, 1010, 900]) },
    });
    expect(verdictLine(rows[2]!)).toBe(
      'PASS  desktop 5,000-task to-do first rows ≤ 1000 ms unthrottled: 990 ms (median of 5 cold loads, 850–1200)',
    );
  });
});
