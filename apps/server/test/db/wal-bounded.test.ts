import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_WAL_FRAMES } from '../../src/db/wal-checkpointer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Under a write load that never pauses (the benchmark's 32 connections approving tasks), the WAL grew without end:
 * 411 MB after 6,000 actions. SQLite starts the WAL over only when a write begins with every frame already copied
 * into the database file, and the worker's PASSIVE checkpoints never caught the newest frame while the server kept
 * committing. An operator sees the -wal file eat the disk, and every reader's WAL index grow with it. The server
 * must keep the WAL near its bound however long the load lasts, and lose no write doing so.
 */
describe('the WAL under writes that never pause', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite', seed: false });
    await sql`create table steady_load (id integer primary key, body blob not null)`.execute(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stays near its bound, and every write is kept', async () => {
    const pageSize = t.database.sqlite!.pragma('page_size', { simple: true }) as number;
    // Each transaction writes three pages or more (an 8 KB row spills into overflow pages, plus the table's b-tree):
    // without a restart, this load alone leaves a WAL of several times the bound.
    const transactions = Math.ceil((MAX_WAL_FRAMES * 4) / 3);
    let largest = 0;
    for (let i = 0; i < transactions; i += 1) {
      // As the server does: a transaction per state-changing request, counted for the checkpoint worker.
      await t.ctx.db.transaction().execute(async (trx) => {
        await sql`insert into steady_load (body) values (randomblob(8000))`.execute(trx);
      });
      t.checkpointer!.wrote();
      if (i % 64 === 0) largest = Math.max(largest, fs.statSync(`${t.database.file!}-wal`).size);
    }
    largest = Math.max(largest, fs.statSync(`${t.database.file!}-wal`).size);
    // The bound, plus what the load adds while the last frames are copied.
    expect(largest / pageSize).toBeLessThan(MAX_WAL_FRAMES * 2);
    expect(t.checkpointer!.restarts).toBeGreaterThan(0);
    const rows = await sql<{ n: number }>`select count(*) as n from steady_load`.execute(t.ctx.db);
    expect(rows.rows[0]!.n).toBe(transactions);
  }, 120_000);
});
