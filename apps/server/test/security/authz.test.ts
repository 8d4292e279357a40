import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { countRows, leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

// Checklist items 6, 7 and 9 beyond what bad-input, delegations and graphql already cover.

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86400;

describe.each(testDialects())('authorisation on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newLeave = async (by = 'zhangsan') => {
    const p = (await w.start(by, 'leave', leaveData)).json().entities[0];
    const task = (await w.todo('lisi')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    return { process: p, task };
  };
  const gql = async (account: string, query: string, variables: Record<string, unknown> = {}) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: await t.auth(account),
        payload: { query, variables },
      })
    ).json();

  it("B cannot see or touch A's process, task or copy, through REST or GraphQL", async () => {
    const { process, task } = await newLeave();
    // liuxiaoming has no part in zhangsan's request.
    const detail = await w.detail('liuxiaoming', process.id);
    expect(detail.statusCode).toBe(404);
    expect(detail.body).not.toContain(process.entry);
    const acted = await w.act('liuxiaoming', task.id, 'approve');
    expect(acted.statusCode).toBe(404);
    expect(acted.body).not.toContain(process.entry);
    for (const action of ['read', 'withdraw']) {
      const r = await w.call('liuxiaoming', 'POST', `/api/process/${process.id}`, { action });
      expect(r.statusCode).toBe(404);
    }
    const body = await gql('liuxiaoming', 'query($id: String) { process(id: $id) { id entry } }', { id: process.id });
    expect(body.data?.process ?? null).toBeNull();
    expect(JSON.stringify(body)).not.toContain(process.entry);
    const viaEntry = await gql('liuxiaoming', 'query($e: String) { process(entry: $e) { id } }', { e: process.entry });
    expect(viaEntry.data?.process ?? null).toBeNull();
    const status = await t.ctx.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('todo');
  });

  it('refuses userId for an expired, future or other-app delegation, and acting through one', async () => {
    const { process, task } = await newLeave();
    const insert = (id: string, app: string | null, start: number, end: number, deleted: number | null = null) =>
      t.ctx.db
        .insertInto('delegations')
        .values({
          id,
          from_user_id: 'u-lisi',
          to_user_id: 'u-zhoujiu',
          app_id: app,
          start_at: start,
          end_at: end,
          created_at: NOW - 10 * DAY,
          deleted_at: deleted,
        })
        .execute();
    await insert('d-expired', null, NOW - 3 * DAY, NOW - DAY);
    await insert('d-future', null, NOW + DAY, NOW + 3 * DAY);
    await insert('d-deleted', null, NOW - DAY, NOW + DAY, NOW - 60);
    for (const url of ['/api/me/tasks/todo?userId=lisi', '/api/me/processes/doing?userId=u-lisi']) {
      const r = await w.call('zhoujiu', 'GET', url);
      expect(r.statusCode, url).toBe(403);
      expect(r.json()).toMatchObject({ ecode: 'USER_ID_FORBIDDEN', entities: [] });
    }
    const g = await gql('zhoujiu', '{ tasks(cate: "todo", userId: "lisi") { total } }');
    expect(g.data?.tasks ?? null).toBeNull();
    expect(g.errors?.[0]?.extensions?.code).toBe('USER_ID_FORBIDDEN');
    expect((await w.act('zhoujiu', task.id, 'approve')).statusCode).toBe(404);
    expect((await w.todo('zhoujiu', '?entrust=true')).entities.map((x: { id: string }) => x.id)).not.toContain(task.id);

    // A live delegation for another app opens that app only.
    await insert('d-other-app', 'app-reimburse', NOW - DAY, NOW + DAY);
    const list = await w.call('zhoujiu', 'GET', '/api/me/tasks/todo?userId=lisi');
    expect(list.statusCode).toBe(200);
    expect(list.json().entities.map((x: { id: string }) => x.id)).not.toContain(task.id);
    expect((await w.act('zhoujiu', task.id, 'approve')).statusCode).toBe(404);
    expect((await w.detail('zhoujiu', process.id)).statusCode).toBe(404);
  });

  it('a deleted delegation stops working at once on another instance too', async () => {
    // A second instance on the same database, as behind a load balancer.
    const other = await buildApp(t.config, {
      database: { db: t.ctx.db, dialect: t.dialect, close: async () => {} },
      now: () => NOW,
    });
    await other.app.ready();
    try {
      const { task } = await newLeave();
      const d = (
        await w.call('lisi', 'POST', '/api/user/lisi/entrustees', {
          appId: 'app-leave',
          entrusteeId: 'chenshier',
          from: NOW - 60,
          to: NOW + DAY,
        })
      ).json().entities[0];
      const viaOther = async () =>
        other.app.inject({ method: 'GET', url: '/api/me/tasks/todo?userId=lisi', headers: await t.auth('chenshier') });
      const seen = await viaOther();
      expect(seen.statusCode).toBe(200);
      expect(seen.json().entities.map((x: { id: string }) => x.id)).toContain(task.id);
      expect((await w.call('lisi', 'DELETE', `/api/user/lisi/entrustees/${d.id}`)).statusCode).toBe(200);
      expect((await viaOther()).statusCode).toBe(403);
      const act = await other.app.inject({
        method: 'POST',
        url: `/api/task/${task.id}`,
        headers: { ...(await t.auth('chenshier')), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'actionId=approve',
      });
      expect(act.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it("a delegate cannot create or delete the delegator's delegations", async () => {
    const d = await w.call('wangwu', 'POST', '/api/user/wangwu/entrustees', {
      entrusteeId: 'sunba',
      from: NOW,
      to: NOW + DAY,
    });
    expect(d.statusCode, d.body).toBe(200);
    const id = d.json().entities[0].id as string;
    const before = await countRows(t, 'delegations');
    const create = await w.call('sunba', 'POST', '/api/user/wangwu/entrustees', {
      entrusteeId: 'zhoujiu',
      from: NOW + 2 * DAY,
      to: NOW + 3 * DAY,
    });
    expect(create.statusCode).toBe(403);
    expect((await w.call('sunba', 'DELETE', `/api/user/wangwu/entrustees/${id}`)).statusCode).toBe(403);
    expect((await w.call('sunba', 'GET', '/api/user/wangwu/entrustees')).statusCode).toBe(403);
    expect(await countRows(t, 'delegations')).toBe(before);
  });

  it('a batch mixing own and foreign tasks: foreign items fail one by one and reveal nothing', async () => {
    const own = [await newLeave(), await newLeave()];
    // Somebody else's task in a process lisi has no part in (one lisi can see would answer 403, see bad-input).
    let foreign: { id: string; process: { id: string } } | undefined;
    for (const other of ['zhaoliu', 'wangwu', 'admin']) {
      for (const x of (await w.todo(other)).entities) {
        if (!foreign && (await w.detail('lisi', x.process.id)).statusCode === 404) foreign = x;
      }
    }
    if (!foreign) throw new Error('the demo seed has no task hidden from lisi');
    const ids = [own[0]!.task.id, foreign.id, own[1]!.task.id, 'no-such-task'];
    const results = await Promise.all(ids.map((id) => w.act('lisi', id, 'approve')));
    expect(results.map((r) => r.statusCode)).toEqual([200, 404, 200, 404]);
    for (const r of [results[1]!, results[3]!]) {
      expect(r.json()).toMatchObject({ ecode: 'NOT_FOUND', entities: [] });
      expect(r.body).not.toContain(foreign.process.id);
    }
    // Both unknown and foreign ids get the same answer, so the refusal tells nothing about existence.
    expect(results[1]!.body).toBe(results[3]!.body);
    const still = await t.ctx.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('todo');
  });

  it('ignores owner and status smuggled into bodies, and refuses a userId the caller may not act for', async () => {
    // Unknown fields are ignored, not refused (docs/adr/0014-one-contract-per-route.md): what matters is that they
    // change nothing the caller may not decide. userId is a known field: acting for someone else needs
    // a right, and lisi has none over wangwu.
    const { task } = await newLeave();
    const smuggled = await w.call('lisi', 'POST', `/api/task/${task.id}`, { actionId: 'approve', userId: 'u-wangwu' });
    expect(smuggled.statusCode, smuggled.body).toBe(403);
    expect(smuggled.json().ecode).toBe('USER_ID_FORBIDDEN');
    const acted = await w.call('lisi', 'POST', `/api/task/${task.id}`, {
      actionId: 'approve',
      status: 'cancelled',
      userId: 'u-lisi',
    });
    expect(acted.statusCode, acted.body).toBe(200);
    const row = await t.ctx.db
      .selectFrom('tasks')
      .select(['status', 'action_user_id'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', action_user_id: 'u-lisi' });

    const started = await w.call('zhangsan', 'PUT', '/api/process', {
      code: 'leave',
      data: JSON.stringify(leaveData),
      owner: 'u-lisi',
      status: 'completed',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().entities[0]).toMatchObject({ owner: { id: 'u-zhangsan' }, status: 'doing' });

    const withdrawn = await w.call('zhangsan', 'POST', `/api/process/${started.json().entities[0].id}`, {
      action: 'withdraw',
      userId: 'u-lisi',
    });
    expect(withdrawn.json().entities[0]).toMatchObject({ owner: { id: 'u-zhangsan' }, status: 'withdrawn' });

    const given = await w.call('lisi', 'POST', '/api/user/lisi/entrustees', {
      entrusteeId: 'wangwu',
      from: NOW + 864000,
      to: NOW + 864060,
      entrusterId: 'u-zhangsan',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().entities[0].entruster.id).toBe('u-lisi');
    await w.call('lisi', 'DELETE', `/api/user/lisi/entrustees/${given.json().entities[0].id}`);
  });
});
