import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A new SQLite file in the temp folder, or in `dir` (`<prefix>-<random>.sqlite`); drop() removes it with its WAL
 * and SHM.
 */
export function freshSqliteFile(prefix: string, dir = os.tmpdir()) {
  const file = path.join(dir, `${prefix}-${randomBytes(6).toString('hex')}.sqlite`);
  return {
    url: `sqlite:${file}`,
    drop: async () => {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    },
  };
}

/**
 * A new PostgreSQL database (`<prefix>_<random>`) next to TEST_DATABASE_URL; drop() removes it. A database per
 * server under test: identical to production, and parallel test files never meet.
 */
export async function freshPostgresDatabase(prefix: string) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
