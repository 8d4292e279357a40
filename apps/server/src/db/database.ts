import fs from 'node:fs';
import path from 'node:path';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Migration,
  type MigrationProvider,
  type SqliteDialectConfig,
} from 'kysely';

import { hotStatementName } from './hot-statements.ts';
import * as m001 from './migrations/001-domain.ts';
import * as m002 from './migrations/002-directory-version.ts';
import * as m003 from './migrations/003-revoked-grants.ts';
import * as m015 from './migrations/015-administration.ts';
import * as m016 from './migrations/016-registered-clients.ts';
import * as m017 from './migrations/017-external-items.ts';
import * as m018 from './migrations/018-look.ts';
import * as m020 from './migrations/020-approval-powers.ts';
import * as m021 from './migrations/021-definition-versions.ts';
import * as m022 from './migrations/022-attachments.ts';
import * as m023 from './migrations/023-list-rows.ts';
import * as m024 from './migrations/024-task-handed-to.ts';
import * as m025 from './migrations/025-list-versions.ts';
import * as m026 from './migrations/026-open-task-list-rows.ts';
import * as m027 from './migrations/027-partial-participant-lists.ts';
import * as m028 from './migrations/028-idempotency-leases.ts';
import * as m030 from './migrations/030-upload-usage.ts';
import * as m031 from './migrations/031-merged-notifications.ts';
import * as m032OauthClients from './migrations/032-oauth-confidential-clients.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL: the connection pool, for its metrics (platform/metrics-plugin.ts). */
  pool?: { totalCount: number; idleCount: number; waitingCount: number; options: { max: number } };
  /** SQLite: the database file (absent for :memory:). */
  file?: string;
  /**
   * Calls `listener` with the SQL text of every statement sent to the database (begin and commit included) until
   * the returned function is called: what the statement-count tests observe.
   */
  observeStatements?(listener: (sqlText: string) => void): () => void;
  /** SQLite: the better-sqlite3 connection itself (tests load SQLite's re-prepare counter into it). */
  sqlite?: import('better-sqlite3').Database;
  /**
   * SQLite: sets what every transaction waits for before it begins (the checkpoint worker's WAL bound,
   * db/wal-checkpointer.ts). Nothing waits until it is set.
   */
  gateWrites?(gate: WriteGate): void;
}

/** Nothing when a write may begin now, or a promise to wait for first. */
export type WriteGate = () => Promise<void> | undefined;

/** A set of listeners the database wrappers call for each statement. */
function statementListeners() {
  const listeners = new Set<(sqlText: string) => void>();
  return {
    listeners,
    observe(listener: (sqlText: string) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const migrations: Record<string, Migration> = {
  '001-domain': m001,
  '002-directory-version': m002,
  '003-revoked-grants': m003,
  '015-administration': m015,
  '016-registered-clients': m016,
  '017-external-items': m017,
  '018-look': m018,
  '020-approval-powers': m020,
  '021-definition-versions': m021,
  '022-attachments': m022,
  '023-list-rows': m023,
  '024-task-handed-to': m024,
  '025-list-versions': m025,
  '026-open-task-list-rows': m026,
  '027-partial-participant-lists': m027,
  '028-idempotency-leases': m028,
  '030-upload-usage': m030,
  '031-merged-notifications': m031,
  '032-oauth-confidential-clients': m032OauthClients,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Opens the database named by DATABASE_URL: `sqlite:<file>` or `postgres://…`. */
export async function openDatabase(url: string): Promise<DatabaseHandle> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url);
}

/** Upper bound of SQLite's page cache (private memory of the process), in KiB. */
export const SQLITE_CACHE_KIB = 16 * 1024;
/** Upper bound of the memory map of the SQLite file (address space; resident pages are the OS page cache's). */
export const SQLITE_MMAP_BYTES = 0x7fff0000;

async function openSqlite(file: string): Promise<DatabaseHandle> {
  const { default: SQLite } = await import('better-sqlite3');
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    assertWritable(file);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut (issue "Security and reliability" item 15).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Reads through a memory map instead of a read() per 4 KB page: at 1,000,000 processes (a 2.6 GB file) one user's
  // list queries went from 2.5 to 0.25 ms in a sqlite3 shell comparison (then with a 128 MB page cache against a
  // 16 MB one). The map costs address space only: its pages
  // are the OS page cache's (file-backed, shared, dropped under memory pressure), though they count in the process's
  // RSS once touched. 2 GB is the most better-sqlite3's build allows (SQLITE_MAX_MMAP_SIZE); larger values are
  // clamped to it.
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  // SQLite's own page cache is private memory of the process. With the map serving reads it holds mostly pages
  // written by this process (and pages read back from the WAL), so it fills as the file grows: a 128 MB cache took a
  // 30-minute soak's RSS up by 0.15 MB/s without levelling off. 16 MB, better-sqlite3's build
  // default, is full once the file has grown by 16 MB.
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  sqlite.pragma('temp_store = MEMORY');
  dropStat4(sqlite);
  const observed = statementListeners();
  const dialect = new GatedSqliteDialect({ database: withStatementCache(sqlite, observed.listeners) });
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    dialect: 'sqlite',
    close: () => db.destroy(),
    observeStatements: observed.observe,
    sqlite,
    gateWrites: (gate) => {
      dialect.gate = gate;
    },
    ...(file !== ':memory:' ? { file: path.resolve(file) } : {}),
  };
}

/**
 * Removes the samples `ANALYZE` writes to sqlite_stat4 (this SQLite is built with SQLITE_ENABLE_STAT4), keeping
 * sqlite_stat1's row counts. With samples present, SQLite plans an equality on an indexed column with the bound
 * value and marks the statement to be re-compiled whenever that parameter is bound again — every list query is
 * keyed by a user id, so every call re-compiled (10,000 re-prepares in 10,000 calls). Our queries
 * are all "one user's index range", where per-value samples cannot choose a better plan. `analyze sqlite_schema`
 * reloads the statistics without the samples. An operator's later ANALYZE writes samples again; the next start
 * removes them (docs/adr/0024-statements-and-list-rows.md).
 */
function dropStat4(sqlite: import('better-sqlite3').Database): void {
  const exists = sqlite.prepare("select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'").get();
  if (!exists || !sqlite.prepare('select 1 from sqlite_stat4 limit 1').get()) return;
  sqlite.exec('delete from sqlite_stat4; analyze sqlite_schema');
}

/**
 * Refuses to open a SQLite file this process cannot write, naming the file at fault. Opened anyway, SQLite serves
 * reads, fails the first write, and leaves -wal/-shm files owned by this user with its read-only mode, which then
 * break later starts under the right user with a misleading message.
 */
function assertWritable(file: string): void {
  const writable = (f: string) => {
    try {
      fs.accessSync(f, fs.constants.W_OK);
      return true;
    } catch {
      return false;
    }
  };
  const dir = path.dirname(path.resolve(file));
  if (!writable(dir)) {
    throw new Error(
      `the database directory ${dir} is not writable by this process (SQLite creates ${path.basename(file)}-wal and -shm there): fix its owner or permissions`,
    );
  }
  if (fs.existsSync(file) && !writable(file)) {
    throw new Error(
      `the database file ${path.resolve(file)} is not writable by this process: fix its owner or permissions`,
    );
  }
  for (const extra of [`${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(extra) && !writable(extra)) {
      throw new Error(
        `the database file ${path.resolve(extra)} is not writable by this process: fix its owner or permissions, or remove it while the server is stopped (SQLite recreates it)`,
      );
    }
  }
}

/**
 * Kysely's SQLite dialect, with a gate every transaction passes before its `begin` (DatabaseHandle.gateWrites). The
 * gate runs once the transaction holds the connection, so no other statement of this connection runs while it
 * waits; the event loop, and the cache hits' direct reads, go on.
 */
class GatedSqliteDialect extends SqliteDialect {
  gate: WriteGate = () => undefined;
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    const gate = () => this.gate();
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection): Promise<void> {
        const wait = gate();
        if (wait) await wait;
        return super.beginTransaction(connection);
      }
    })(this.#config);
  }
}

const STATEMENT_CACHE_MAX = 500;

/**
 * Kysely prepares every query anew; preparing costs about as much as running a small indexed query. The same few
 * dozen SQL texts repeat, so prepared statements are kept by text (least recently used dropped first). Safe
 * because Kysely runs each statement to completion synchronously (`all`/`run`); the server never streams
 * (`iterate`), which would hold a statement busy.
 */
function withStatementCache(sqlite: import('better-sqlite3').Database, listeners: Set<(sqlText: string) => void>) {
  const statements = new Map<string, import('better-sqlite3').Statement>();
  const rollback = sqlite.prepare('rollback');
  // SQLite rolls a transaction back by itself after SQLITE_FULL or an I/O error; Kysely's own `rollback` then fails
  // with "no transaction is active" and that error replaced the real one (a full disk answered 500 INTERNAL instead
  // of 503 STORAGE_UNAVAILABLE). A rollback with nothing to roll back is a no-op.
  const safeRollback = {
    reader: false,
    run: () => (sqlite.inTransaction ? rollback.run() : { changes: 0, lastInsertRowid: 0 }),
  } as unknown as import('better-sqlite3').Statement;
  return {
    close: () => void sqlite.close(),
    prepare(text: string) {
      // Kysely prepares once per statement it runs, so this sees every statement.
      for (const listener of listeners) listener(text);
      if (text === 'rollback') return safeRollback;
      // Kysely begins every transaction with a deferred `begin`: the write lock is taken at the first write. When
      // another connection (an operator's sqlite3 shell, a maintenance script, a test seeding the file) commits
      // between a transaction's first read and its first write, SQLite refuses that write at once with
      // SQLITE_BUSY_SNAPSHOT, without waiting the busy timeout: a fresh-clone CI run answered an approval 5xx.
      // Every transaction the server runs writes, and Kysely runs one at a time on this connection, so taking the
      // lock at `begin` costs no concurrency and makes another writer a wait (up to busy_timeout), not a failure.
      if (text === 'begin') text = 'begin immediate';
      let stmt = statements.get(text);
      if (stmt) {
        statements.delete(text);
      } else {
        stmt = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_MAX) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, stmt);
      return stmt;
    },
  };
}

/** Connections per instance to PostgreSQL. */
export const POSTGRES_POOL_MAX = 10;

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pg = await import('pg');
  // int8 (bigint) columns hold seconds and counters that fit in a JS number.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.default.Pool({ connectionString: url, max: POSTGRES_POOL_MAX });
  // An idle connection killed by the server (PostgreSQL restart, failover, admin terminate) is reported as a pool
  // 'error' event; unheard, it would crash the process. The pool has already dropped that connection and opens a
  // new one on the next query, so the instance recovers without a restart.
  pool.on('error', () => {});
  // A connection checked out of the pool (a query or a transaction in flight) reports its death on the client
  // itself: `pg_terminate_backend`, a restart or a cut network emits 'error' there, and node-postgres listens for
  // it only while the client is idle. Unheard, that event ended the process; heard, the query in flight rejects
  // (57P01, ECONNRESET: answered 503, platform/error-handler.ts) and the pool drops the client when it is released.
  // The first such error is kept: a client that died between two statements of a transaction (idle in
  // transaction) fails every later statement with a message of its own that says nothing of why
  // (withNamedHotStatements answers them with the kept error instead).
  const lost = new WeakMap<PgClient, Error>();
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      if (!lost.has(client)) lost.set(client, error);
    }),
  );
  const observed = statementListeners();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withNamedHotStatements(pool, observed.listeners, lost) }),
  });
  return { db, dialect: 'postgres', close: () => db.destroy(), pool, observeStatements: observed.observe };
}

type PgPool = import('pg').Pool;
type PgClient = import('pg').PoolClient;

/** What Kysely reads of a `rollback`'s result. */
const NOTHING_ROLLED_BACK = { command: 'ROLLBACK', rowCount: null, rows: [] };

/**
 * Kysely sends every query as an unnamed statement, which PostgreSQL parses and plans on each call. The hot
 * queries' texts (db/hot-statements.ts) go out as named prepared statements instead: pg parses each once per
 * connection and afterwards only binds and executes it. Every other text is sent as before.
 *
 * A statement on a client whose connection is gone (`lost`) rejects with the error that ended the connection
 * (57P01, "Connection terminated unexpectedly": both answered 503), not with node-postgres's "not queryable".
 * Its `rollback` succeeds without being sent: the server rolled the transaction back when the session ended, and
 * Kysely's failing rollback would otherwise replace the transaction's own error with its own (a 500 INTERNAL).
 */
function withNamedHotStatements(
  pool: PgPool,
  listeners: Set<(sqlText: string) => void>,
  lost: WeakMap<PgClient, Error>,
): PgPool {
  const patched = new WeakSet<PgClient>();
  const connect = pool.connect.bind(pool) as () => Promise<PgClient>;
  const wrapper = Object.create(pool) as PgPool;
  wrapper.connect = (async () => {
    const client = await connect();
    if (!patched.has(client)) {
      patched.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (text: unknown, values?: unknown[], ...rest: unknown[]) => {
        if (typeof text !== 'string') return query(text, values, ...rest);
        for (const listener of listeners) listener(text);
        const gone = lost.get(client);
        if (gone) return text === 'rollback' ? Promise.resolve(NOTHING_ROLLED_BACK) : Promise.reject(gone);
        const name = hotStatementName(text);
        return name ? query({ name, text, values }) : query(text, values, ...rest);
      };
    }
    return client;
  }) as PgPool['connect'];
  wrapper.end = () => pool.end();
  return wrapper;
}

/** Names of the migrations this version of the server knows, in order. */
export const knownMigrations = Object.keys(migrations).sort();

/** A migration recorded in the database that this code does not know: the database belongs to a newer version. */
export class DatabaseNewerError extends Error {}

/** One migration's state in a database: applied (with its time), pending, or unknown to this code. */
export interface MigrationState {
  name: string;
  state: 'applied' | 'pending' | 'unknown';
  executedAt: Date | null;
}

/** Every known migration, applied or pending, followed by those the database holds that this code does not know. */
export async function migrationStatus(db: Db): Promise<MigrationState[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const recorded = new Map<string, Date>();
  if (tables.some((t) => t.name === 'kysely_migration')) {
    const rows = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration`.execute(
      db,
    );
    for (const row of rows.rows) recorded.set(row.name, new Date(row.timestamp));
  }
  const known: MigrationState[] = knownMigrations.map((name) => ({
    name,
    state: recorded.has(name) ? 'applied' : 'pending',
    executedAt: recorded.get(name) ?? null,
  }));
  const unknown: MigrationState[] = [...recorded]
    .filter(([name]) => !(name in migrations))
    .sort()
    .map(([name, executedAt]) => ({ name, state: 'unknown', executedAt }));
  return [...known, ...unknown];
}

/** The one line start-up and `npm run migrate` print when the database is newer than the code. */
export function newerDatabaseMessage(unknown: string[]): string {
  return (
    `The database is newer than this version of Service Hall: it has migration${unknown.length > 1 ? 's' : ''} ` +
    `${unknown.join(', ')}, which this version does not know. Run the version that upgraded it, or restore the ` +
    'backup taken before the upgrade (docs/operations.md, "Upgrades").'
  );
}

/**
 * Brings the schema up to date. Kysely's migrator takes a lock (an advisory lock on PostgreSQL, a lock table
 * on SQLite), so several instances starting together run each migration once. A database holding a migration
 * this code does not know (written by a newer version) is refused with DatabaseNewerError, before anything runs.
 * Returns the names of the migrations it applied.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const unknown = (await migrationStatus(db)).filter((m) => m.state === 'unknown').map((m) => m.name);
  if (unknown.length > 0) throw new DatabaseNewerError(newerDatabaseMessage(unknown));
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Cheap liveness query for /readyz. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
