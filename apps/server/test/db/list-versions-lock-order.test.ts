import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

// On PostgreSQL the list versions (migration 025) are row locks held to commit. Two concurrent actions that share
// members (an applicant, a department head) but touch them in opposite orders must both commit: when the triggers
// bumped each user's version in the statement that changed their row, the second pair of statements deadlocked and
// PostgreSQL aborted one action ("deadlock detected", a 500 to its member).
const postgres = testDialects().includes('postgres');

describe.runIf(postgres)('list versions on PostgreSQL', () => {
  let t: TestApp;
  let a: pg.Client;
  let b: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'postgres' });
    [a, b] = [new pg.Client(t.config.databaseUrl), new pg.Client(t.config.databaseUrl)];
    await Promise.all([a.connect(), b.connect()]);
  });
  afterAll(async () => {
    await Promise.allSettled([a?.end(), b?.end()]);
    await t?.close();
  });

  const versions = async (users: string[]) => {
    const r = await a.query<{ user_id: string; v: string }>(
      'select user_id, v from list_versions where user_id = any($1)',
      [users],
    );
    return Object.fromEntries(users.map((u) => [u, Number(r.rows.find((x) => x.user_id === u)?.v ?? 0)]));
  };

  it('two transactions moving the same two members in opposite orders both commit, and each moves both versions', async () => {
    // Two processes that both have the same two members; each transaction touches only its own process's rows.
    const shared = await a.query<{ process_id: string }>(`select process_id from process_participants
      where user_id in (select id from users where account in ('zhangsan', 'lisi'))
      group by process_id having count(distinct user_id) = 2 order by process_id limit 2`);
    expect(shared.rows).toHaveLength(2);
    const [p1, p2] = shared.rows.map((r) => r.process_id);
    const ids = await a.query<{ id: string; account: string }>(
      `select id, account from users where account in ('zhangsan', 'lisi')`,
    );
    const zhangsan = ids.rows.find((r) => r.account === 'zhangsan')!.id;
    const lisi = ids.rows.find((r) => r.account === 'lisi')!.id;
    const before = await versions([zhangsan, lisi]);

    const touch = (c: pg.Client, process: string, user: string) =>
      c.query('update process_participants set updated_at = updated_at where process_id = $1 and user_id = $2', [
        process,
        user,
      ]);
    await a.query('begin');
    await b.query('begin');
    await touch(a, p1, zhangsan);
    await touch(b, p2, lisi);
    const second = await Promise.allSettled([touch(a, p1, lisi), touch(b, p2, zhangsan)]);
    const commits = await Promise.allSettled([a.query('commit'), b.query('commit')]);

    expect(second.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok']);
    expect(commits.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
    const after = await versions([zhangsan, lisi]);
    expect(after[zhangsan]).toBe(before[zhangsan] + 2);
    expect(after[lisi]).toBe(before[lisi] + 2);
  });
});
