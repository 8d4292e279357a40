import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp, type BuiltApp } from '../../src/app.ts';
import { listVersion } from '../../src/platform/list-cache.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { form, formHeaders, leaveData } from '../helpers/workflow-helpers.ts';

// The list page cache (platform/list-cache.ts, migrations/025): two instances on one database — A answers lists
// from its cache, B makes every kind of change — and after each change A's lists must equal those of an instance
// that has no cache (C). Random interleavings, reproducible with LIST_CACHE_SEED.

const ACCOUNTS = ['zhangsan', 'lisi', 'wangwu', 'zhaoliu'];
const PAGES = [
  '/api/me/tasks/todo?limit=10',
  '/api/me/tasks/todo?limit=3&start=1',
  '/api/me/tasks/todo?entrust=true',
  '/api/me/processes/doing?limit=10',
  '/api/me/processes/doing?order=update&limit=5',
  '/api/me/processes/done?limit=10',
  '/api/me/processes/cc?limit=10',
  '/api/me/processes/cc?unread=true',
];
const VARIANTS: Array<Record<string, string>> = [{}, { 'accept-language': 'en' }, { 'accept-encoding': 'br' }];

function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

describe.each(testDialects())('list page cache on %s', (dialect) => {
  let t: TestApp;
  let b: BuiltApp;
  let c: BuiltApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    [b, c] = await Promise.all([buildApp(t.config), buildApp({ ...t.config, listCacheBytes: 0 })]);
    await Promise.all([b.app.ready(), c.app.ready()]);
  });
  afterAll(async () => {
    await Promise.allSettled([b?.close(), c?.close()]);
    await t?.close();
  });

  const read = async (app: BuiltApp['app'], account: string, url: string, headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url, headers: { ...(await t.auth(account)), ...headers } });
    const encoding = res.headers['content-encoding'];
    const body =
      encoding === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(res.rawPayload)
          : res.rawPayload;
    return { status: res.statusCode, body: body.toString('utf8'), headers: res.headers };
  };
  const onB = async (account: string, method: string, url: string, body?: Record<string, string>) =>
    b.app.inject({
      method: method as 'POST',
      url,
      headers: { ...(await t.auth(account)), ...(body ? formHeaders : {}) },
      ...(body ? { payload: form(body) } : {}),
    });
  const metric = async (result: 'hit' | 'miss') =>
    (await t.app.metrics.listCache.get()).values.find((v) => v.labels.result === result)?.value ?? 0;

  it('never answers a page that differs from a fresh one, whatever another instance changed in between', async () => {
    const seed = Number(process.env.LIST_CACHE_SEED ?? Date.now() % 1_000_000);
    const rnd = random(seed);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const db = t.ctx.db;
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'account']).execute()).map((u) => [u.account, u.id]),
    );
    const applied: string[] = [];

    // Every kind of change a list shows, each made on instance B (its own connection) or by an operator's SQL.
    const writes: Record<string, () => Promise<void>> = {
      start: async () => {
        await onB(pick(['zhangsan', 'zhaoliu']), 'PUT', '/api/process', {
          code: 'leave',
          data: JSON.stringify(leaveData),
        });
      },
      act: async () => {
        const task = await openTask();
        if (task)
          await onB(task.account, 'POST', `/api/task/${encodeURIComponent(task.id)}`, {
            actionId: pick(['approve', 'approve', 'reject']),
            remark: '',
          });
      },
      transfer: async () => {
        const task = await openTask();
        const to = pick(ACCOUNTS.filter((a) => a !== task?.account));
        if (task)
          await onB(task.account, 'POST', `/api/task/${encodeURIComponent(task.id)}/transfer`, {
            toUserId: users.get(to)!,
            reason: '出差',
          });
      },
      readCc: async () => {
        const cc = await db
          .selectFrom('cc_records')
          .innerJoin('users', 'users.id', 'cc_records.user_id')
          .select(['cc_records.process_id', 'users.account'])
          .where('read', '=', 0)
          .where('users.account', 'in', ACCOUNTS)
          .execute();
        if (cc.length) {
          const r = pick(cc);
          await onB(r.account, 'POST', `/api/process/${r.process_id}`, { action: 'read' });
        }
      },
      // An operator closes a task by SQL, without touching its process: the open tasks doing/done/cc rows show.
      closeTaskBySql: async () => {
        const task = await openTask();
        if (task) await sql`update tasks set status = 'cancelled' where id = ${task.id}`.execute(db);
      },
      renameApp: async () => {
        const app = pick(await db.selectFrom('apps').select('id').execute());
        await sql`update apps set name = name || 'x', name_en = name_en || 'y' where id = ${app.id}`.execute(db);
      },
      renameUser: async () => {
        await sql`update users set name = name || 'x', name_en = name_en || 'y' where account = ${pick(ACCOUNTS)}`.execute(
          db,
        );
      },
      renameProcess: async () => {
        const p = pick(await db.selectFrom('processes').select('id').execute());
        await sql`update processes set name = name || 'x', updated_at = updated_at + 1 where id = ${p.id}`.execute(db);
      },
      copyTo: async () => {
        const p = pick(await db.selectFrom('processes').select('id').execute());
        const to = users.get(pick(ACCOUNTS))!;
        await db.deleteFrom('cc_records').where('process_id', '=', p.id).where('user_id', '=', to).execute();
        await db
          .insertInto('cc_records')
          .values({
            id: `cc-${Math.floor(rnd() * 1e9)}`,
            process_id: p.id,
            user_id: to,
            read: 0,
            created_at: 1_800_000_000,
          } as never)
          .execute();
      },
      delegate: async () => {
        const [from, to] = [pick(ACCOUNTS), pick(ACCOUNTS)];
        if (from === to) return;
        await db.deleteFrom('delegations').where('from_user_id', '=', users.get(from)!).execute();
        if (rnd() < 0.7) {
          await db
            .insertInto('delegations')
            .values({
              id: `d-${Math.floor(rnd() * 1e9)}`,
              from_user_id: users.get(from)!,
              to_user_id: users.get(to)!,
              app_id: null,
              start_at: 0,
              end_at: 4_000_000_000,
              created_at: 0,
              deleted_at: null,
            } as never)
            .execute();
        }
      },
    };
    async function openTask() {
      const open = await db
        .selectFrom('tasks')
        .innerJoin('users', 'users.id', 'tasks.assignee_id')
        .select(['tasks.id', 'users.account'])
        .where('tasks.status', '=', 'todo')
        .where('tasks.system_id', 'is', null)
        .where('users.account', 'in', ACCOUNTS)
        .execute();
      return open.length ? pick(open) : undefined;
    }

    const hitsBefore = await metric('hit');
    let compared = 0;
    const check = async (account: string, url: string, headers: Record<string, string>) => {
      const cached = await read(t.app, account, url, headers);
      const fresh = await read(c.app, account, url, headers);
      expect({
        seed,
        after: applied.slice(-3),
        account,
        url,
        headers,
        status: cached.status,
        body: cached.body,
      }).toEqual({ seed, after: applied.slice(-3), account, url, headers, status: fresh.status, body: fresh.body });
      compared++;
    };
    for (let round = 0; round < 60; round++) {
      // Pages read (so cached) before a change and read again after it: the case a stale cache would get wrong.
      const pages = Array.from({ length: 5 }, () => [pick(ACCOUNTS), pick(PAGES), pick(VARIANTS)] as const);
      for (const p of pages) await check(...p);
      const kind = pick(Object.keys(writes));
      await writes[kind]!();
      applied.push(kind);
      for (const p of pages) await check(...p);
    }
    const hits = (await metric('hit')) - hitsBefore;
    console.log(
      `list cache ${dialect} (LIST_CACHE_SEED=${seed}): ${compared} pages compared, ${hits} answered from the cache`,
    );
    // Without hits the comparison proved nothing.
    expect(hits).toBeGreaterThan(compared / 10);
  }, 240_000);

  it('answers a hit with the same headers and bytes as the miss before it', async () => {
    const headers = { 'accept-encoding': 'br, gzip', 'accept-language': 'en' };
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/me/processes/done?limit=10',
      headers: { ...(await t.auth('zhangsan')), ...headers },
    });
    const hitsBefore = await metric('hit');
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/me/processes/done?limit=10',
      headers: { ...(await t.auth('zhangsan')), ...headers },
    });
    expect(await metric('hit')).toBe(hitsBefore + 1);
    const strip = (h: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(h).filter(([k]) => !['date', 'x-request-id'].includes(k)));
    expect(second.statusCode).toBe(200);
    expect(strip(second.headers)).toEqual(strip(first.headers));
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Another user's token never gets this user's page.
    const other = await read(t.app, 'lisi', '/api/me/processes/done?limit=10', headers);
    const fresh = await read(c.app, 'lisi', '/api/me/processes/done?limit=10', headers);
    expect(other.body).toEqual(fresh.body);
  });
});

// A hit's version read runs on better-sqlite3 directly (platform/list-cache.ts `listVersionReader`). Kysely keeps a
// transaction open across awaits on that same connection: a read then must not see the transaction's uncommitted
// bump, or a page built after a rollback would be stored under a number the next real change takes.
describe("the list version read on SQLite, inside another request's transaction", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('waits for the transaction instead of reading its uncommitted version', async () => {
    const db = t.ctx.db;
    const user = (await db.selectFrom('users').select('id').where('account', '=', 'zhangsan').executeTakeFirstOrThrow())
      .id;
    const readVersion = t.ctx.listCache!.readVersion;
    const committed = await readVersion(db, user);
    let during: string | Promise<string> = '';
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into list_versions (user_id, v) values (${user}, 1)
        on conflict (user_id) do update set v = list_versions.v + 1`.execute(trx);
        during = readVersion(db, user);
        throw new Error('rolled back');
      })
      .catch((e: Error) => {
        if (e.message !== 'rolled back') throw e;
      });
    expect(await during).toBe(committed);
    // Outside a transaction the direct read answers at once, and agrees with Kysely's.
    const direct = readVersion(db, user);
    expect(typeof direct).toBe('string');
    expect(direct).toBe(await listVersion(db, user));
  });
});
