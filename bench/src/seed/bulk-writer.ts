import type { Row } from './generate.ts';

/** Appends rows to tables as fast as the database allows; `finish` commits and rebuilds indexes. */
export interface BulkWriter {
  add(table: string, row: Row): void | Promise<void>;
  finish(): Promise<void>;
}

/** The tables the generator fills in bulk: their secondary indexes are dropped during the load and rebuilt after. */
export const BULK_TABLES = ['users', 'apps', 'processes', 'tasks', 'process_participants', 'cc_records'];

/** Opens the fast writer for a DATABASE_URL (`sqlite:<file>` or `postgres://…`). */
export async function openBulkWriter(url: string): Promise<BulkWriter> {
  if (url.startsWith('sqlite:')) {
    const { openSqliteWriter } = await import('./sqlite-writer.ts');
    return openSqliteWriter(url.slice('sqlite:'.length));
  }
  const { openPostgresWriter } = await import('./postgres-writer.ts');
  return openPostgresWriter(url);
}
