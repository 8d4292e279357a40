import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

// Several instances starting together on one fresh PostgreSQL must run each migration exactly once.
// PostgreSQL only: SQLite is one file behind one instance. In CI a missing database fails, locally it skips.
const base = process.env.TEST_DATABASE_URL;
if (!base && process.env.CI === 'true') throw new Error('CI=true but TEST_DATABASE_URL is not set');

describe.skipIf(!base)(
  `migrations under concurrent start${base ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    const dropped: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const drop of dropped) await drop();
    });

    it('three instances starting at once on a fresh database all succeed, each migration recorded once', async () => {
      const { url, drop } = await freshDatabase(base!);
      dropped.push(drop);
      const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', SEED: 'none', PORT: '0' });

      const results = await Promise.allSettled([buildApp(config), buildApp(config), buildApp(config)]);
      const apps = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      try {
        expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
        for (const built of apps) {
          const res = await built.app.inject({ method: 'GET', url: '/readyz' });
          expect(res.statusCode).toBe(200);
        }
        const rows = await query(url, 'select name, count(*)::int as n from kysely_migration group by name');
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row).toMatchObject({ n: 1 });
      } finally {
        await closeAll(apps);
      }
    });

    it('a second round of starts on an up-to-date database changes nothing', async () => {
      const { url, drop } = await freshDatabase(base!);
      dropped.push(drop);
      const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', SEED: 'none', PORT: '0' });
      await closeAll([await buildApp(config)]);
      const before = await query(url, 'select name, timestamp from kysely_migration order by name');

      const apps = await Promise.all([buildApp(config), buildApp(config)]);
      await closeAll(apps);
      expect(await query(url, 'select name, timestamp from kysely_migration order by name')).toEqual(before);
    });
  },
);

async function closeAll(apps: BuiltApp[]): Promise<void> {
  await Promise.all(apps.map((a) => a.close()));
}

async function query(url: string, text: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

async function freshDatabase(baseUrl: string) {
  const name = `sh_scale_${randomBytes(6).toString('hex')}`;
  await query(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => void (await query(baseUrl, `drop database if exists ${name} with (force)`)),
  };
}
