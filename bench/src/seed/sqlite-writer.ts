import SQLite from 'better-sqlite3';
import { BULK_TABLES, type BulkWriter } from './bulk-writer.ts';
import type { Row } from './generate.ts';

/**
 * One transaction, one prepared INSERT per table, straight through better-sqlite3 (no query builder per row).
 * Secondary indexes are built once at the end, which is several times faster than maintaining them per row.
 */
export function openSqliteWriter(file: string): BulkWriter {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  // Durability is pointless while loading a benchmark file; the server reopens it with its own settings.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  const placeholders = BULK_TABLES.map(() => '?').join(',');
  const indexes = db.prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null
    and tbl_name in (${placeholders})`).all(...BULK_TABLES) as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`drop index "${index.name}"`);
  const statements = new Map<string, SQLite.Statement>();
  db.exec('begin');
  return {
    add(table: string, row: Row) {
      let insert = statements.get(table);
      if (!insert) {
        const columns = Object.keys(row);
        insert = db.prepare(`insert into ${table} (${columns.join(',')}) values (${columns.map((c) => `@${c}`).join(',')})`);
        statements.set(table, insert);
      }
      insert.run(row);
    },
    async finish() {
      db.exec('commit');
      for (const index of indexes) db.exec(index.sql);
      db.exec('analyze');
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}
