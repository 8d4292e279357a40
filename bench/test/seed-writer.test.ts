import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';

import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.ts';
import { openBulkWriter } from '../src/seed/bulk-writer.ts';
import { generate } from '../src/seed/generate.ts';
import { planFor } from '../src/seed/plan.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const listVersionTriggers = (db: SQLite.Database) =>
  (
    db
      .prepare(
        `select name from sqlite_master
  where type = 'trigger' and name like '%list_version%' order by name`,
      )
      .all() as Array<{ name: string }>
  ).map((r) => r.name);

/**
 * A benchmark load runs without the list-version triggers (with its indexes dropped they scanned cc_records per
 * task and a 1,000,000 load would have taken hours) and leaves the file with every trigger the server relies on.
 */
it('loads without moving list versions and restores the list-version triggers', async () => {
  const file = path.join(dir, 'u.sqlite');
  const handle = await openDatabase(`sqlite:${file}`);
  await migrateToLatest(handle.db);
  await handle.close();
  const fresh = new SQLite(file, { readonly: true });
  const before = listVersionTriggers(fresh);
  fresh.close();
  expect(before.length).toBeGreaterThan(0);

  const writer = await openBulkWriter(`sqlite:${file}`);
  // The generator's own rows for a small university (demo-free: the generated users, apps and processes only).
  await generate(planFor(200), 1_790_000_000, 'not-a-real-hash', 1, (table, row) => writer.add(table, row));
  await writer.finish();

  const db = new SQLite(file, { readonly: true });
  expect(listVersionTriggers(db)).toEqual(before);
  expect(db.prepare('select count(*) as n from tasks').get()).not.toEqual({ n: 0 });
  expect(db.prepare(`select count(*) as n from list_versions where user_id <> ''`).get()).toEqual({ n: 0 });
  db.close();
});
