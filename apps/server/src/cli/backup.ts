import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { knownMigrations } from '../db/database.ts';

/**
 * `npm run admin -- backup <file>` and `restore <file>`. Attachments and images live in the database (ADR 0026),
 * so one database backup holds everything a hall keeps. SQLite is copied with SQLite's online backup API (a
 * consistent snapshot while the server keeps writing); PostgreSQL with `pg_dump --format=custom`, which reads one
 * snapshot too. A backup is checked before it is called done, and again before a restore replaces anything.
 */

/** A refusal: nothing was written. The message names what to do. */
export class BackupRefused extends Error {}

export interface BackupReport {
  file: string;
  format: 'sqlite' | 'pg_dump';
  bytes: number;
  /** The newest migration in the backup: the server version it belongs to. */
  migration: string | null;
}

export interface RestoreReport extends BackupReport {
  /** The newest migration the database held before the restore. */
  replaced: string | null;
}

type SqliteConstructor = typeof import('better-sqlite3');
// Loaded only when needed, as db/database.ts does.
const loadSqlite = async (): Promise<SqliteConstructor> => (await import('better-sqlite3')).default;

const SQLITE_HEADER = 'SQLite format 3\0';
const PG_DUMP_HEADER = 'PGDMP';

/** Takes a backup of the database at `url` into `file`, written beside it first and renamed when checked. */
export async function backupDatabase(url: string, file: string): Promise<BackupReport> {
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    if (url.startsWith('sqlite:')) {
      const source = url.slice('sqlite:'.length);
      if (!fs.existsSync(source)) throw new BackupRefused(`no database at ${source}`);
      const SQLite = await loadSqlite();
      // A second connection: WAL mode lets it read a snapshot while the server writes. The backup API copies
      // page by page and restarts when a write lands in between, so the copy is consistent as of its end.
      const db = new SQLite(source, { readonly: true, fileMustExist: true });
      try {
        await db.backup(partial);
      } finally {
        db.close();
      }
      const migration = checkSqlite(SQLite, partial);
      fs.renameSync(partial, target);
      return { file: target, format: 'sqlite', bytes: fs.statSync(target).size, migration };
    }
    const { env, conninfo } = pgConnection(url);
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${conninfo}`], env);
    const migration = pgDumpMigration(partial, env);
    fs.renameSync(partial, target);
    return { file: target, format: 'pg_dump', bytes: fs.statSync(target).size, migration };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * Replaces the database at `url` with the backup in `file`. Refuses, changing nothing, when the backup is damaged,
 * belongs to a newer version of Service Hall, is older than the database's schema (unless `force`), or a server
 * still has the database open (SQLite: its lock; PostgreSQL: other sessions, unless `force`).
 */
export async function restoreDatabase(url: string, file: string, { force = false } = {}): Promise<RestoreReport> {
  const source = path.resolve(file);
  let head: string;
  try {
    const fd = fs.openSync(source, 'r');
    const buf = Buffer.alloc(16);
    fs.readSync(fd, buf, 0, 16, 0);
    fs.closeSync(fd);
    head = buf.toString('latin1');
  } catch (err) {
    throw new BackupRefused(`cannot read ${source}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  if (url.startsWith('sqlite:')) {
    if (head !== SQLITE_HEADER) throw new BackupRefused(`${source} is not a SQLite backup`);
    return restoreSqlite(url.slice('sqlite:'.length), source, force);
  }
  if (!head.startsWith(PG_DUMP_HEADER)) throw new BackupRefused(`${source} is not a pg_dump custom-format backup`);
  return restorePostgres(url, source, force);
}

async function restoreSqlite(target: string, source: string, force: boolean): Promise<RestoreReport> {
  const SQLite = await loadSqlite();
  const migration = checkSqlite(SQLite, source);
  const dest = path.resolve(target);
  let replaced: string | null = null;
  if (fs.existsSync(dest)) {
    // Exclusive locking mode takes the database file for this connection alone: it fails at once while any other
    // connection (a running instance, another CLI) has the database open, and until it closes nobody else opens it.
    const db = new SQLite(dest, { fileMustExist: true, timeout: 0 });
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      try {
        db.exec('BEGIN EXCLUSIVE');
        db.exec('COMMIT');
      } catch {
        throw new BackupRefused(
          `${dest} is open in another process (a running Service Hall?); stop every instance, then restore`,
        );
      }
      replaced = newestMigration(db);
    } finally {
      // The last connection to close checkpoints the WAL into the file and removes it.
      db.close();
    }
    refuseOlder(migration, replaced, force);
  }
  // Copied beside the database and renamed over it: the old file stays whole until the new one is complete.
  const partial = `${dest}.restoring`;
  try {
    fs.copyFileSync(source, partial);
    const fd = fs.openSync(partial, 'r+');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    // A WAL left beside the old file would be replayed into the new one.
    for (const suffix of ['-wal', '-shm']) fs.rmSync(dest + suffix, { force: true });
    fs.renameSync(partial, dest);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { file: source, format: 'sqlite', bytes: fs.statSync(dest).size, migration, replaced };
}

async function restorePostgres(url: string, source: string, force: boolean): Promise<RestoreReport> {
  const { env, conninfo } = pgConnection(url);
  const migration = pgDumpMigration(source, env);
  // Loaded only here, as db/database.ts does: a SQLite hall needs neither driver of the other database.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let replaced: string | null = null;
  try {
    const others = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (Number(others.rows[0]!.n) > 0 && !force) {
      throw new BackupRefused(
        `${others.rows[0]!.n} other session(s) use the database (running Service Hall instances?); stop every ` +
          'instance, then restore (--force restores anyway)',
      );
    }
    const table = await client.query("select to_regclass('kysely_migration') as t");
    if (table.rows[0].t) {
      const rows = await client.query<{ name: string }>('select name from kysely_migration order by name desc limit 1');
      replaced = rows.rows[0]?.name ?? null;
    }
  } finally {
    await client.end();
  }
  refuseOlder(migration, replaced, force);
  // One transaction: a restore that fails half-way leaves the database as it was.
  run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${conninfo}`, source],
    env,
  );
  return { file: source, format: 'pg_dump', bytes: fs.statSync(source).size, migration, replaced };
}

/** Checks a SQLite backup (integrity, a schema this version knows) and returns its newest migration. */
function checkSqlite(SQLite: SqliteConstructor, file: string): string | null {
  let db: import('better-sqlite3').Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new BackupRefused(`${file} cannot be opened as SQLite: ${(err as Error).message}`);
  }
  try {
    const result = db.pragma('integrity_check') as { integrity_check: string }[];
    if (result.length !== 1 || result[0]!.integrity_check !== 'ok') {
      const first = result
        .slice(0, 3)
        .map((r) => r.integrity_check)
        .join('; ');
      throw new BackupRefused(`${file} fails SQLite's integrity check: ${first}`);
    }
    return checkKnown(file, migrationsIn(db));
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    throw new BackupRefused(`${file} is damaged: ${(err as Error).message}`);
  } finally {
    db.close();
  }
}

function migrationsIn(db: import('better-sqlite3').Database): string[] {
  const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  if (!table) return [];
  return (db.prepare('select name from kysely_migration').all() as { name: string }[]).map((r) => r.name);
}

function newestMigration(db: import('better-sqlite3').Database): string | null {
  return migrationsIn(db).sort().at(-1) ?? null;
}

/** The backup's newest migration; refused when it holds migrations this version does not know. */
function checkKnown(file: string, names: string[]): string | null {
  if (names.length === 0) throw new BackupRefused(`${file} holds no Service Hall schema`);
  const unknown = names.filter((n) => !knownMigrations.includes(n));
  if (unknown.length > 0) {
    throw new BackupRefused(
      `${file} was taken from a newer version of Service Hall (migrations ${unknown.join(', ')}); restore it with that version`,
    );
  }
  return names.sort().at(-1)!;
}

/** Restoring a backup older than the database's schema loses the upgrade too: only on purpose. */
function refuseOlder(backup: string | null, current: string | null, force: boolean): void {
  if (!force && current && backup && current > backup) {
    throw new BackupRefused(
      `the database is at migration ${current}, newer than the backup's ${backup}; restoring goes back to the ` +
        'older schema (the server migrates it again at start) — add --force to do it',
    );
  }
}

/** The migrations recorded in a pg_dump file, read from its kysely_migration table data (also checks the file). */
function pgDumpMigration(file: string, env: NodeJS.ProcessEnv): string | null {
  run('pg_restore', ['--list', file], env);
  const out = run('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', file], env);
  const lines = out.split('\n');
  const start = lines.findIndex((l) => /^COPY \S*kysely_migration /.test(l));
  const names: string[] = [];
  for (let i = start + 1; start >= 0 && i < lines.length && lines[i] !== '\\.'; i++) {
    names.push(lines[i]!.split('\t')[0]!);
  }
  return checkKnown(file, names);
}

/** libpq's connection string without the password, which goes in PGPASSWORD: argv is visible to `ps`. */
function pgConnection(url: string): { conninfo: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { conninfo: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new BackupRefused(
      `${command} is not installed: install the PostgreSQL client tools of the server's major version (Debian: ` +
        `postgresql-client), or run ${command} where the database runs (docs/operations.md, "Backups")`,
    );
  }
  if (r.status !== 0) {
    throw new BackupRefused(`${command} failed (exit ${r.status ?? r.signal}): ${r.stderr.trim().split('\n')[0]}`);
  }
  return r.stdout;
}
