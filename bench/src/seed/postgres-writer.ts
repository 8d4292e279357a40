import pg from 'pg';

import { BULK_TABLES, type BulkWriter } from './bulk-writer.ts';
import type { Row } from './generate.ts';

const BATCH = 5_000;

/**
 * Batches of 5,000 rows per statement through `insert … select * from unnest($1::text[], …)`: one parameter per
 * column however many rows, so PostgreSQL parses one statement per batch (the closest to COPY that plain pg offers).
 * Secondary indexes are dropped for the load and rebuilt at the end.
 */
export async function openPostgresWriter(url: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  await client.query(`set maintenance_work_mem = '256MB'`);
  const indexes = (
    await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = any($1)
       and indexname not in (select conname from pg_constraint)`,
      [BULK_TABLES],
    )
  ).rows;
  for (const index of indexes) await client.query(`drop index "${index.indexname}"`);
  // The list-version triggers (migration 025) note each new task's process members: without the dropped indexes a
  // scan per row, and the load turns quadratic. A fresh database needs no versions: disabled for the load.
  const triggers = (
    await client.query<{ table: string; name: string }>(
      `select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and t.tgname like '%list_version%' and c.relname = any($1)`,
      [BULK_TABLES],
    )
  ).rows;
  for (const t of triggers) await client.query(`alter table "${t.table}" disable trigger "${t.name}"`);
  const types = new Map<string, Map<string, string>>();
  for (const r of (
    await client.query<{ table_name: string; column_name: string; data_type: string }>(
      `select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = any($1)`,
      [BULK_TABLES],
    )
  ).rows) {
    if (!types.has(r.table_name)) types.set(r.table_name, new Map());
    types
      .get(r.table_name)!
      .set(r.column_name, r.data_type === 'bigint' ? 'int8' : r.data_type === 'integer' ? 'int4' : 'text');
  }
  const buffers = new Map<string, Row[]>();

  async function flush(table: string) {
    const rows = buffers.get(table);
    if (!rows || rows.length === 0) return;
    buffers.set(table, []);
    const columns = Object.keys(rows[0]!);
    const columnTypes = types.get(table)!;
    const casts = columns.map((c, i) => `$${i + 1}::${columnTypes.get(c)}[]`).join(',');
    await client.query(
      `insert into ${table} (${columns.join(',')}) select * from unnest(${casts})`,
      columns.map((c) => rows.map((r) => r[c])),
    );
  }

  return {
    async add(table: string, row: Row) {
      let rows = buffers.get(table);
      if (!rows) buffers.set(table, (rows = []));
      rows.push(row);
      if (rows.length >= BATCH) await flush(table);
    },
    async finish() {
      for (const table of buffers.keys()) await flush(table);
      for (const index of indexes) await client.query(index.indexdef);
      for (const t of triggers) await client.query(`alter table "${t.table}" enable trigger "${t.name}"`);
      await client.query('analyze');
      await client.end();
    },
  };
}
