import { describe, expect, it } from 'vitest';

import { judgeSamples, type SoakSample } from '../helpers/soak-run.ts';

/**
 * The soak's verdict must be able to fail: these feed it made-up samples. The soak itself
 * (`npm run test:long`) runs for 30 minutes and is not part of `npm test`.
 */
const sample = (second: number, over: Partial<SoakSample> = {}): SoakSample => ({
  second,
  rssMb: 220,
  memMb: 210,
  rssAnonMb: 160,
  rssFileMb: 60,
  dbMapMb: 10,
  heapMb: 50,
  heapTotalMb: 60,
  externalMb: 4,
  dbFileMb: 10,
  fds: 45,
  dbConnections: 0,
  walMb: 4,
  requests: second * 40,
  ...over,
});
const run = (f: (second: number) => Partial<SoakSample> = () => ({})) =>
  Array.from({ length: 30 }, (_, i) => sample((i + 1) * 60, f((i + 1) * 60)));
const judge = (samples: SoakSample[], dialect: 'sqlite' | 'postgres' = 'sqlite') =>
  judgeSamples(samples, { warmupMs: 360_000, dialect });

describe('soak verdict (item 17)', () => {
  it('passes flat resources, whatever happens during the warm-up and to the mapped database file', () => {
    const { problems, summary } = judge(
      run((s) => ({
        memMb: s < 360 ? 100 + s / 6 : 210,
        heapMb: s < 360 ? 30 : 50,
        // The file and its mapped pages grow with the data written: reported, not judged.
        dbFileMb: s / 10,
        dbMapMb: s / 10,
        rssMb: 210 + s / 10,
      })),
    );
    expect(problems).toEqual([]);
    expect(summary).toContain('memMb: 210 → 210');
  });

  it('fails when memory without the mapped file grows by more than 10 % after the warm-up', () => {
    const { problems } = judge(run((s) => ({ memMb: 200 + s / 30 })));
    expect(problems).toEqual([expect.stringMatching(/^memMb grew from 217 to 255 after the warm-up \(limit 243.7\)/)]);
  });

  it('fails when the live heap grows, even with RSS flat', () => {
    const { problems } = judge(run((s) => ({ heapMb: 40 + s / 100 })));
    expect(problems).toEqual([expect.stringMatching(/^heapMb grew/)]);
  });

  it('fails when descriptors or connections grow, or connections exceed the pool', () => {
    expect(judge(run((s) => ({ fds: 40 + Math.floor(s / 120) }))).problems).toEqual([
      expect.stringMatching(/^fds grew/),
    ]);
    expect(
      judge(
        run((s) => ({ dbConnections: s < 1200 ? 8 : 11 })),
        'postgres',
      ).problems,
    ).toEqual([expect.stringMatching(/^dbConnections grew/), "11 connections, more than the pool's 10"]);
  });

  it('fails when the WAL is not bounded', () => {
    expect(judge(run((s) => ({ walMb: s / 20 }))).problems).toEqual(['the SQLite WAL reached 90 MB (limit 64)']);
  });

  it("extends the warm-up until the database file has grown by SQLite's page cache", () => {
    // The cache fills with written pages as the file grows; growth before the file has grown by 32 MB is not judged.
    const filling = run((s) => ({ dbFileMb: 2 + s / 30, memMb: 150 + Math.min(s, 960) / 15 }));
    expect(judgeSamples(filling, { warmupMs: 360_000, dialect: 'sqlite', cacheMb: 32 })).toMatchObject({
      problems: [],
    });
    expect(judgeSamples(filling, { warmupMs: 360_000, dialect: 'sqlite', cacheMb: 32 }).summary).toContain(
      "the database file had grown by SQLite's 32 MB page cache at 1020 s",
    );
    expect(judge(filling).problems).toEqual([expect.stringMatching(/^memMb grew/)]);
    expect(judgeSamples(filling, { warmupMs: 360_000, dialect: 'sqlite', cacheMb: 100 }).problems).toEqual([
      "too few samples after the warm-up (0): the database file never grew by SQLite's 100 MB page cache; run longer",
    ]);
  });

  it('refuses to judge a run too short to have samples after the warm-up', () => {
    expect(judge(run().slice(0, 7)).problems).toEqual(['too few samples after the warm-up (2); run longer']);
  });
});
