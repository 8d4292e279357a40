import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { openDatabase } from '../../src/db/database.ts';
import { runCrashTest } from '../helpers/crash-run.ts';
import { testDialects } from '../helpers/test-app.ts';

// Short kill test in `npm test`; `npm run test:crash` runs the long one (scripts/crash-test.ts).

describe('SQLite durability settings', () => {
  it('opens files with WAL and synchronous=FULL, so an acknowledged commit survives a power cut', async () => {
    const file = path.join(os.tmpdir(), `service-hall-sync-${randomBytes(4).toString('hex')}.sqlite`);
    const handle = await openDatabase(`sqlite:${file}`);
    try {
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
      expect(sync.rows[0]!.synchronous).toBe(2); // 2 = FULL
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
      expect(journal.rows[0]!.journal_mode).toBe('wal');
    } finally {
      await handle.close();
      for (const s of ['', '-wal', '-shm']) fs.rmSync(file + s, { force: true });
    }
  });
});

describe.each(testDialects())('kill test (short) on %s', (dialect) => {
  const faults = dialect === 'postgres' ? ' and PostgreSQL stopped for 10 s and busy sessions terminated' : '';
  it(`loses no acknowledged action and applies none twice across SIGKILLs${faults}`, async () => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
    const report = await runCrashTest({
      dialect,
      kills: 2,
      upMs: [300, 1500],
      downMs: [0, 300],
      seed,
      ...(dialect === 'postgres' ? { databaseFaults: { stopMs: 10_000 } } : {}),
    });
    console.log(
      `kill test ${dialect} (CRASH_SEED=${seed}): ${JSON.stringify({ ...report, problems: report.problems.slice(0, 10) })}`,
    );
    expect(report.problems).toEqual([]);
    expect(report.kills).toBe(2);
    expect(report.lost).toBe(0);
    expect(report.duplicated).toBe(0);
    expect(report.phantom).toBe(0);
    expect(report.eventMismatches).toBe(0);
    // Something must have been acknowledged, or the run proved nothing.
    expect(report.ok + report.resentOk).toBeGreaterThan(5);
    // A database fault is answered 503 STORAGE_UNAVAILABLE, never 500 or another 5xx.
    const fiveHundreds = Object.entries(report.answers).filter(
      ([k]) => k.startsWith('5') && k !== '503 STORAGE_UNAVAILABLE',
    );
    expect(fiveHundreds).toEqual([]);
    if (dialect !== 'postgres') return;
    const [stopped, terminated] = report.faults;
    // The same process lived through both faults and served requests again by itself.
    expect(stopped).toMatchObject({ fault: 'stopped', sameProcess: true, recovered: true, readyzAfter: 200 });
    expect(terminated).toMatchObject({ fault: 'terminated', sameProcess: true, recovered: true, readyzAfter: 200 });
    // Unready while the database was unreachable, and the requests meanwhile got 503 STORAGE_UNAVAILABLE.
    expect(stopped!.readyzDuring!['503']).toBeGreaterThan(0);
    expect(stopped!.answers['503 STORAGE_UNAVAILABLE']).toBeGreaterThan(0);
    expect(terminated!.terminatedSessions!.active).toBeGreaterThan(0);
    expect(terminated!.terminatedSessions!['idle in transaction']).toBeGreaterThan(0);
  }, 240_000);
});
