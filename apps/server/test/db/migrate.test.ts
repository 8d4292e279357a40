import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

import {
  DatabaseNewerError,
  knownMigrations,
  migrateToLatest,
  migrationStatus,
  openDatabase,
} from '../../src/db/database.ts';
import { freshPostgresDatabase, freshSqliteFile } from '../helpers/fresh-database.ts';
import { testDialects } from '../helpers/test-app.ts';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const FUTURE = '999-from-a-newer-version';

/** Records a migration this code does not know, as a newer version of the server would have. */
async function addFutureMigration(url: string): Promise<void> {
  const handle = await openDatabase(url);
  await sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(
    handle.db,
  );
  await handle.close();
}

describe.each(testDialects())('migration status on %s', (dialect) => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });
  const fresh = async () => {
    const db =
      dialect === 'postgres' ? await freshPostgresDatabase('sh_migrate') : freshSqliteFile('service-hall-migrate');
    drops.push(db.drop);
    return db.url;
  };

  it('lists every migration as pending on an empty database and as applied after migrating', async () => {
    const handle = await openDatabase(await fresh());
    try {
      expect((await migrationStatus(handle.db)).map((m) => [m.name, m.state])).toEqual(
        knownMigrations.map((n) => [n, 'pending']),
      );
      expect(await migrateToLatest(handle.db)).toEqual(knownMigrations);
      const status = await migrationStatus(handle.db);
      expect(status.map((m) => m.state)).toEqual(knownMigrations.map(() => 'applied'));
      expect(status.every((m) => m.executedAt instanceof Date && !Number.isNaN(m.executedAt.getTime()))).toBe(true);
      expect(await migrateToLatest(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('refuses a database newer than the code before changing anything', async () => {
    const url = await fresh();
    const first = await openDatabase(url);
    await migrateToLatest(first.db);
    await first.close();
    await addFutureMigration(url);
    const handle = await openDatabase(url);
    try {
      expect((await migrationStatus(handle.db)).at(-1)).toMatchObject({ name: FUTURE, state: 'unknown' });
      const error = await migrateToLatest(handle.db).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseNewerError);
      expect(String((error as Error).message)).toContain(FUTURE);
    } finally {
      await handle.close();
    }
  });
});

/** Runs a server entry point from the sources as a child process, as `npm run migrate` / a start would. */
function run(entry: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('src', entry), ...args], {
    cwd: serverRoot,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
  });
  // oidc-provider warns about Node 20 on stderr before anything of ours: not part of what is checked.
  const stderr = result.stderr
    .split('\n')
    .filter((l) => l && !l.startsWith('oidc-provider WARNING'))
    .join('\n');
  return { code: result.status, stdout: result.stdout, stderr };
}

describe('npm run migrate', () => {
  const db = freshSqliteFile('service-hall-migrate-cli');
  afterAll(() => db.drop());

  it('--status reports pending migrations, migrate applies them, --status then reports up to date', () => {
    const env = { DATABASE_URL: db.url };
    const before = run('migrate-cli.ts', ['--status'], env);
    expect(before.code).toBe(1);
    for (const name of knownMigrations) expect(before.stdout).toMatch(new RegExp(`^${name}\\s+pending$`, 'm'));
    expect(before.stdout).toContain(`${knownMigrations.length} pending`);

    const migrated = run('migrate-cli.ts', [], env);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout.trim()).toBe(`Applied ${knownMigrations.join(', ')}.`);

    const after = run('migrate-cli.ts', ['--status'], env);
    expect(after.code).toBe(0);
    for (const name of knownMigrations) expect(after.stdout).toMatch(new RegExp(`^${name}\\s+applied \\d{4}-`, 'm'));
    expect(after.stdout).toContain('The database is up to date.');
    expect(run('migrate-cli.ts', ['--bogus'], env)).toMatchObject({ code: 2 });
  }, 240_000);

  it('a database newer than the code stops start-up and migrate with one clear line', async () => {
    await addFutureMigration(db.url);
    const start = run('main.ts', [], { DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1' });
    expect(start.code).toBe(1);
    expect(start.stderr.split('\n')).toHaveLength(1);
    expect(start.stderr).toMatch(
      /^The database is newer than this version of Service Hall: it has migration 999-from-a-newer-version, which this version does not know\./,
    );
    expect(start.stdout).toBe('');

    const status = run('migrate-cli.ts', ['--status'], { DATABASE_URL: db.url });
    expect(status.code).toBe(1);
    expect(status.stdout).toMatch(new RegExp(`^${FUTURE}\\s+unknown .*\\(not known to this version\\)$`, 'm'));
    const migrate = run('migrate-cli.ts', [], { DATABASE_URL: db.url });
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toMatch(/^The database is newer than this version/);
  }, 180_000);
});
