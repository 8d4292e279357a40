import { describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.ts';
import { runCrashTest } from './helpers/crash-run.ts';
import { testDialects } from './helpers/test-app.ts';

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
  it('loses no acknowledged action and applies none twice across SIGKILLs', async () => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
    const report = await runCrashTest({ dialect, kills: 2, upMs: [300, 1500], downMs: [0, 300], seed });
    console.log(`kill test ${dialect} (CRASH_SEED=${seed}): ${JSON.stringify({ ...report, problems: report.problems.slice(0, 10) })}`);
    expect(report.problems).toEqual([]);
    expect(report.kills).toBe(2);
    expect(report.lost).toBe(0);
    expect(report.duplicated).toBe(0);
    expect(report.phantom).toBe(0);
    expect(report.eventMismatches).toBe(0);
    // Something must have been acknowledged, or the run proved nothing.
    expect(report.ok + report.resentOk).toBeGreaterThan(5);
  }, 180_000);
});
