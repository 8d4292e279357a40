import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { form, formHeaders, leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

/** Repeats of one kind from one sender to one person within a minute are one notification with a count. */
describe.each(testDialects())('merged notifications on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  // A fixed clock at the start of a minute: every call of the burst falls in the same minute.
  let now = 1_796_000_040;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => now });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  type Info = { id: string; type: string; count: number; read: boolean; process: { id: string } };
  const infos = async (account: string) =>
    (await w.call(account, 'GET', '/api/me/notifications?limit=100')).json() as {
      total: number;
      unread: number;
      entities: Info[];
    };

  it('one student starting and urging ten processes leaves the approver two notifications, counted', async () => {
    const before = await infos('lisi');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await w.start('zhangsan', 'leave', { ...leaveData, reason: `事由 ${i}` });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().entities[0].id);
    }
    for (const id of ids) expect((await w.call('zhangsan', 'POST', `/api/process/${id}/urge`)).statusCode).toBe(200);
    const after = await infos('lisi');
    expect(after.total - before.total).toBe(2);
    const fresh = after.entities.filter((n) => !before.entities.some((b) => b.id === n.id));
    expect(fresh.map((n) => [n.type, n.count, n.read]).sort()).toEqual([
      ['process.urged', 10, false],
      ['task.assigned', 10, false],
    ]);
    // Each names the latest process.
    expect(fresh.every((n) => n.process.id === ids[9])).toBe(true);
    // Every urge is still in each process's own timeline.
    const detail = (await w.detail('zhangsan', ids[0]!)).json().entities[0] as { urges: unknown[] };
    expect(detail.urges).toHaveLength(1);
  });

  it('a repeat after the minute, or from another sender, is a notification of its own; a repeat makes a read one unread', async () => {
    const [assigned] = (await infos('lisi')).entities.filter((n) => n.type === 'task.assigned' && n.count === 10);
    expect((await w.call('lisi', 'POST', `/api/me/notifications/${assigned!.id}/read`)).statusCode).toBe(200);
    expect((await w.start('zhangsan', 'leave', leaveData)).statusCode).toBe(200);
    const again = (await infos('lisi')).entities.find((n) => n.id === assigned!.id)!;
    expect([again.count, again.read]).toEqual([11, false]);
    const total = (await infos('lisi')).total;
    now += 60;
    expect((await w.start('zhangsan', 'leave', leaveData)).statusCode).toBe(200);
    expect((await infos('lisi')).total).toBe(total + 1);
  });

  it('two instances recording the same repeat at once keep one row with both counted', async () => {
    now += 60;
    // A second instance on the same database, as behind a load balancer (on PostgreSQL the starts run on
    // separate connections at once).
    const second = await buildApp(t.config, {
      database: { db: t.ctx.db, dialect: t.dialect, close: async () => {} },
      now: () => now,
    });
    await second.app.ready();
    try {
      const viaSecond = async () =>
        second.app.inject({
          method: 'PUT',
          url: '/api/process',
          headers: { ...(await t.auth('zhangsan')), ...formHeaders },
          payload: form({ code: 'leave', data: JSON.stringify(leaveData) }),
        });
      const before = (await infos('lisi')).total;
      const results = await Promise.all([
        w.start('zhangsan', 'leave', leaveData),
        viaSecond(),
        w.start('zhangsan', 'leave', leaveData),
        viaSecond(),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const after = await infos('lisi');
      expect(after.total).toBe(before + 1);
      expect(after.entities.find((n) => n.type === 'task.assigned' && !n.read)?.count).toBe(4);
    } finally {
      await second.close();
    }
  });
});
