/**
 * `npm run bench:seed -- --processes 1000000 [--database sqlite:<file>|postgres://…] [--reset]`
 * Builds the benchmark university: schema and demo data through the server's own code, then the bulk rows through
 * the raw driver (see seed/*-writer.ts). Prints what it made and how long it took.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

import { hashPassword } from '../../apps/server/src/auth/password.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.ts';
import type { AppContext } from '../../apps/server/src/platform/context.ts';
import { createLocalEventBus } from '../../apps/server/src/platform/event-bus.ts';
import { createMetrics } from '../../apps/server/src/platform/metrics.ts';
import { seedDefinitions } from '../../apps/server/src/seed/seed-definitions.ts';
import { seedDemo } from '../../apps/server/src/seed/seed-demo.ts';
import { defaultDatabase, parseArgs, parseCount } from './lib/args.ts';
import { openBulkWriter } from './seed/bulk-writer.ts';
import { generate } from './seed/generate.ts';
import { BENCH_PASSWORD, planFor } from './seed/plan.ts';

const args = parseArgs(process.argv.slice(2));
const processes = parseCount(args.get('processes') ?? '10000');
const url = args.get('database') ?? defaultDatabase(processes, args.get('db') ?? 'sqlite');
const plan = planFor(processes);
const started = performance.now();
const now = Math.floor(Date.now() / 1000);

await prepareEmpty(url, args.has('reset'));
const handle = await openDatabase(url);
await migrateToLatest(handle.db);
// The demo university (catalogue, images, demo accounts and processes) gives the web app what it shows around lists.
const bus = createLocalEventBus();
const ctx: AppContext = {
  config: loadConfig({ DATABASE_URL: url, SEED: 'none', LOG_LEVEL: 'warn' }),
  db: handle.db,
  dialect: handle.dialect,
  bus,
  metrics: createMetrics(),
  now: () => now,
};
await seedDemo(ctx);
await bus.close();
await seedDefinitions(handle.db, now);
const def = await handle.db
  .selectFrom('process_definitions')
  .select((eb) => eb.fn.max('version').as('v'))
  .where('code', '=', 'library-card')
  .executeTakeFirstOrThrow();
await handle.close();

const writer = await openBulkWriter(url);
const counts = new Map<string, number>();
const result = await generate(plan, now, await hashPassword(BENCH_PASSWORD), Number(def.v), (table, row) => {
  counts.set(table, (counts.get(table) ?? 0) + 1);
  return writer.add(table, row);
});
const loaded = performance.now();
await writer.finish();
const done = performance.now();

console.log(
  JSON.stringify(
    {
      database: url.replace(/:[^:@/]*@/, ':***@'),
      plan,
      processes: result.processes,
      rows: Object.fromEntries(counts),
      loadSeconds: +((loaded - started) / 1000).toFixed(1),
      indexSeconds: +((done - loaded) / 1000).toFixed(1),
      totalSeconds: +((done - started) / 1000).toFixed(1),
    },
    null,
    2,
  ),
);

/** A benchmark database starts empty: a new SQLite file, or a PostgreSQL database created (or wiped with --reset). */
async function prepareEmpty(databaseUrl: string, reset: boolean) {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (fs.existsSync(file) && !reset) throw new Error(`${file} exists; pass --reset to rebuild it`);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return;
  }
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (exists && !reset) throw new Error(`database ${name} exists; pass --reset to rebuild it`);
    if (exists) await client.query(`drop database "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}
