import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import * as m001 from './migrations/001-domain.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

const migrations: Record<string, Migration> = { '001-domain': m001 };

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Opens the database named by DATABASE_URL: `sqlite:<file>` or `postgres://…`. */
export async function openDatabase(url: string): Promise<DatabaseHandle> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url);
}

async function openSqlite(file: string): Promise<DatabaseHandle> {
  const { default: SQLite } = await import('better-sqlite3');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut (issue "Security and reliability" item 15).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pg = await import('pg');
  // int8 (bigint) columns hold seconds and counters that fit in a JS number.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // An idle connection killed by the server (PostgreSQL restart, failover, admin terminate) is reported as a pool
  // 'error' event; unheard, it would crash the process. The pool has already dropped that connection and opens a
  // new one on the next query, so the instance recovers without a restart.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/**
 * Brings the schema up to date. Kysely's migrator takes a lock (an advisory lock on PostgreSQL, a lock table
 * on SQLite), so several instances starting together run each migration once.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Cheap liveness query for /readyz. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
