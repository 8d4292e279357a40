import SQLite from 'better-sqlite3';

import { BULK_TABLES, type BulkWriter } from './bulk-writer.ts';
import type { Row } from './generate.ts';

/**
 * One transaction, one prepared INSERT per table, straight through better-sqlite3 (no query builder per row).
 * Secondary indexes are built once at the end, which is several times faster than maintaining them per row.
 */
export function openSqliteWriter(file: string): BulkWriter {
  const db = new SQLite(file);
  // Durability is pointless while loading a benchmark file (a failed load is rebuilt with --reset): the rollback
  // journal in memory, so every page is written once into the database file instead of into a WAL first (1,000,000
  // processes made a WAL of several GB); back to WAL, as the server runs it, at the end. (better-sqlite3's defensive
  // mode refuses journal_mode OFF; MEMORY only keeps the few pages that existed before the load.)
  const mode = db.pragma('journal_mode = MEMORY', { simple: true });
  if (mode !== 'memory') console.warn(`seed: journal_mode stayed ${String(mode)}; the load will be slower`);
  db.pragma('synchronous = OFF');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('cache_size = -524288');
  db.pragma('temp_store = MEMORY');
  const placeholders = BULK_TABLES.map(() => '?').join(',');
  const indexes = db
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null
    and tbl_name in (${placeholders})`,
    )
    .all(...BULK_TABLES) as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`drop index "${index.name}"`);
  // The list-version triggers (migration 025) look up each new task's process members; without the dropped indexes
  // that is a scan of cc_records per row, and the load turned quadratic (a 1,000,000 load had written 15 % after
  // 80 min). A fresh file needs no versions (0 = nothing cached yet): off for the load, back as they were after.
  const triggers = db
    .prepare(
      `select name, sql from sqlite_master where type = 'trigger' and name like '%list_version%'
    and tbl_name in (${placeholders})`,
    )
    .all(...BULK_TABLES) as Array<{ name: string; sql: string }>;
  for (const trigger of triggers) db.exec(`drop trigger "${trigger.name}"`);
  // Positional parameters in the column order of the table's first row: cheaper to bind than named ones.
  const statements = new Map<string, { insert: SQLite.Statement; columns: string[] }>();
  db.exec('begin');
  return {
    add(table: string, row: Row) {
      let s = statements.get(table);
      if (!s) {
        const columns = Object.keys(row);
        s = {
          columns,
          insert: db.prepare(
            `insert into ${table} (${columns.join(',')}) values (${columns.map(() => '?').join(',')})`,
          ),
        };
        statements.set(table, s);
      }
      s.insert.run(s.columns.map((c) => row[c]));
    },
    async finish() {
      db.exec('commit');
      for (const index of indexes) db.exec(index.sql);
      for (const trigger of triggers) db.exec(trigger.sql);
      db.exec('analyze');
      db.pragma('locking_mode = NORMAL');
      db.pragma('journal_mode = WAL');
      db.close();
    },
  };
}
