import { describe, expect, it } from 'vitest';

import {
  BEGIN_MARKER,
  currentStanding,
  END_MARKER,
  filesOf,
  partOf,
  replaceBetweenMarkers,
  standingTable,
  type ResultFile,
} from '../src/lib/perf-table.ts';

const v = (target: string, measured: string, pass: boolean | null) => ({ target, measured, pass });

const results: ResultFile[] = [
  {
    file: '2026-01-01T00-00-00-sqlite-1000000.json',
    dialect: 'sqlite',
    processes: 1_000_000,
    commit: 'aaaaaaaaaa',
    verdicts: [
      v('sqlite todo: p99 ≤ 30 ms', '40 ms', false),
      v('sqlite task actions: ≥ 500/s, median of 3, exactly once', '600/s', true),
    ],
  },
  {
    file: '2026-01-02T00-00-00-sqlite-10000.json',
    dialect: 'sqlite',
    processes: 10_000,
    verdicts: [
      v('sqlite todo [target is for 1,000,000; this run 10,000]: p99 ≤ 30 ms', '5 ms', true),
      v('desktop first load ≤ 200 KB brotli', '190 KB', true),
    ],
  },
  {
    file: '2026-01-03T00-00-00-sqlite-1000000.json',
    dialect: 'sqlite',
    processes: 1_000_000,
    commit: 'bbbbbbbbbb',
    verdicts: [
      v('sqlite todo: p99 ≤ 30 ms', '9 ms', true),
      v('sqlite task actions: ≥ 500/s, median of 3, exactly once', '', null),
    ],
  },
  {
    file: '2026-01-04T00-00-00-postgres-1000000.json',
    dialect: 'postgres',
    processes: 1_000_000,
    verdicts: [v('postgres todo: server CPU ≤ 0.35 ms/request', '0.09 ms', true)],
  },
];

describe('the current-standing table of docs/performance.md', () => {
  it('sorts targets into the parts a run measures', () => {
    expect(partOf('sqlite task actions: server CPU ≤ 1.5 ms/action', 'sqlite')).toBe('actions sqlite');
    expect(partOf('push p95 ≤ 200 ms across two instances', 'sqlite')).toBe('push');
    expect(partOf('mobile 5,000-task to-do first rows ≤ 1000 ms unthrottled', 'sqlite')).toBe('pages');
    expect(partOf('postgres doing: server CPU ≤ 0.35 ms/request', 'postgres')).toBe('lists postgres');
  });

  it('takes each part from its newest run at the target size, skipping unmeasured and smaller runs', () => {
    const s = currentStanding(results);
    expect(s.map((p) => [p.part, p.file])).toEqual([
      ['lists sqlite', '2026-01-03T00-00-00-sqlite-1000000.json'],
      ['lists postgres', '2026-01-04T00-00-00-postgres-1000000.json'],
      // the newest run did not measure actions, so the earlier one stands
      ['actions sqlite', '2026-01-01T00-00-00-sqlite-1000000.json'],
      ['pages', '2026-01-02T00-00-00-sqlite-10000.json'],
    ]);
    expect(s[0]!.verdicts).toEqual([v('sqlite todo: p99 ≤ 30 ms', '9 ms', true)]);
    expect(filesOf(s)).toHaveLength(4);
  });

  it('writes one row per target with its verdict and run', () => {
    const table = standingTable(currentStanding(results));
    expect(table.split('\n')[0]).toBe('| target | measured | verdict | run |');
    expect(table).toContain(
      '| sqlite todo: p99 ≤ 30 ms | 9 ms | pass | `2026-01-03T00-00-00-sqlite-1000000.json` (bbbbbbb) |',
    );
    expect(table).toContain('| 600/s | pass |');
    expect(standingTable([{ part: 'pages', file: 'f.json', verdicts: [v('a | b', 'x\ny', false)] }])).toContain(
      '| a \\| b | x y | **fail** | `f.json` |',
    );
  });

  it('replaces only what stands between the markers, and refuses a document without them', () => {
    const doc = `# Perf\n\nintro\n${BEGIN_MARKER}\nold table\n${END_MARKER}\n\nafter\n`;
    const out = replaceBetweenMarkers(doc, 'new table');
    expect(out).toBe(`# Perf\n\nintro\n${BEGIN_MARKER}\nnew table\n${END_MARKER}\n\nafter\n`);
    expect(replaceBetweenMarkers(out, 'new table')).toBe(out);
    expect(() => replaceBetweenMarkers('# no markers', 'x')).toThrow(/no/);
  });
});
