import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp, type BuiltApp } from '../../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { hotStatementName } from '../../src/db/hot-statements.ts';
import { reprepareCounter } from '../helpers/sqlite-reprepare/reprepare-counter.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { form, formHeaders, leaveData } from '../helpers/workflow-helpers.ts';

// Users with to-do, doing, done and copied items in the demo university.
const USERS = ['zhangsan', 'lisi', 'wangwu', 'sunba', 'liuxiaoming', 'zhaoliu', 'qianqi'];
const LISTS = [
  '/api/me/tasks/todo',
  '/api/me/processes/doing',
  '/api/me/processes/done',
  '/api/me/processes/cc',
  '/api/me/processes/cc?unread=true',
];

/** Every list for every user, on pages 1 and 2 of 1, 5 and 10 rows: 210 requests with varying users and pages. */
async function readLists(app: BuiltApp['app'], auth: (account: string) => Promise<{ authorization: string }>) {
  for (const limit of [1, 5, 10]) {
    for (const start of [0, limit]) {
      for (const account of USERS) {
        for (const list of LISTS) {
          const url = `${list}${list.includes('?') ? '&' : '?'}limit=${limit}&start=${start}`;
          const res = await app.inject({ method: 'GET', url, headers: await auth(account) });
          expect(res.statusCode, url).toBe(200);
        }
      }
    }
  }
}

describe('no statement is re-compiled per call on SQLite', () => {
  let t: TestApp;
  let handle: DatabaseHandle;
  let other: BuiltApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    // As the benchmark's generator and an operator do: statistics with SQLite's per-value samples (sqlite_stat4).
    t.database.sqlite!.exec('analyze');
    // A server starting on that database.
    handle = await openDatabase(t.config.databaseUrl);
    other = await buildApp({ ...t.config, listCacheBytes: 0 }, { database: handle }); // every request runs its queries
    await other.app.ready();
  });
  afterAll(async () => {
    await other?.close();
    await handle?.close();
    await t?.close();
  });

  it('keeps the row counts of ANALYZE and drops the per-value samples at start', () => {
    const count = (table: string) =>
      (handle.sqlite!.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    expect(count('sqlite_stat1')).toBeGreaterThan(0);
    expect(count('sqlite_stat4')).toBe(0);
  });

  it('runs the to-do, doing, done and cc lists with varying users and pages without one re-prepare', async () => {
    const reprepares = reprepareCounter(handle.sqlite!);
    const auth = (account: string) => t.auth(account);
    await readLists(other.app, auth); // every statement compiled once
    const before = reprepares();
    await readLists(other.app, auth);
    expect(reprepares() - before).toBe(0);
  });

  it('approves tasks without one re-prepare', async () => {
    // Every statement of an action on `tasks` compares `status` with 'todo'; bound as a value, SQLite proved it
    // against the partial to-do index and re-compiled the statement on each call (migration 026, open-status.ts).
    const reprepares = reprepareCounter(handle.sqlite!);
    const openTask = handle.sqlite!.prepare("select id from tasks where process_id = ? and status = 'todo'");
    const approve = async () => {
      const started = await other.app.inject({
        method: 'PUT',
        url: '/api/process',
        headers: { ...(await t.auth('zhangsan')), ...formHeaders },
        payload: form({ code: 'leave', data: JSON.stringify(leaveData) }),
      });
      expect(started.statusCode, started.body).toBe(200);
      const { id } = openTask.get(started.json().entities[0].id) as { id: string };
      const headers = { ...(await t.auth('lisi')), ...formHeaders };
      const before = reprepares();
      const res = await other.app.inject({
        method: 'POST',
        url: `/api/task/${id}`,
        headers,
        payload: form({ actionId: 'approve', remark: '' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return reprepares() - before;
    };
    await approve(); // every statement compiled once
    // The message names the statements re-compiled. (Runs under load twice saw 1: the revoked-grants poll, expired by
    // loading the counter a second time; the counter now loads once per connection, reprepare-counter.test.ts.)
    expect(await approve(), reprepares.which()).toBe(0);
    expect(await approve(), reprepares.which()).toBe(0);
  });
});

describe.each(testDialects().filter((d) => d === 'postgres'))(
  'hot list queries are prepared once per connection on %s',
  (dialect) => {
    let t: TestApp;
    // Without the list page cache: the second round must run the list queries, not answer from memory.
    beforeAll(async () => {
      t = await createTestApp({ dialect, env: { LIST_CACHE_MB: '0' } });
    });
    afterAll(async () => {
      await t?.close();
    });

    /** The named statements on every connection of the pool, as PostgreSQL reports them for that session. */
    async function preparedPerConnection() {
      const pool = t.database.pool as unknown as { totalCount: number; connect(): Promise<PoolClient> };
      const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
      try {
        return await Promise.all(
          clients.map(
            async (c) =>
              (
                await c.query<{ name: string; statement: string; plans: number }>(
                  'select name, statement, generic_plans + custom_plans as plans from pg_prepared_statements',
                )
              ).rows,
          ),
        );
      } finally {
        for (const c of clients) c.release();
      }
    }

    it('runs the list queries as named statements, parsed once per connection and reused', async () => {
      const auth = (account: string) => t.auth(account);
      await readLists(t.app, auth);
      const first = await preparedPerConnection();
      await readLists(t.app, auth);
      const second = await preparedPerConnection();
      const named = (rows: typeof first) => rows.flat().filter((r) => r.name.startsWith('sh_hot_'));
      // The to-do page is among them, under the name the server gave its text.
      expect(
        named(second).some((r) => /from "tasks" as "t"/.test(r.statement) && hotStatementName(r.statement) === r.name),
      ).toBe(true);
      // Each connection holds each text once, however often it ran: the second round (210 more requests) added a
      // statement to a connection only where that connection had not run its text yet.
      for (const rows of second) expect(new Set(rows.map((r) => r.statement)).size).toBe(rows.length);
      const distinct = new Set(named(second).map((r) => r.name)).size;
      expect(named(second).length - named(first).length).toBeLessThanOrEqual(distinct);
      const runs = (rows: typeof first) => named(rows).reduce((n, r) => n + Number(r.plans), 0);
      expect(runs(second) - runs(first)).toBeGreaterThanOrEqual(210);
    });
  },
);
