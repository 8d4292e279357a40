import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../../src/db/database.ts';
import { ccPageQuery, participantPageQuery } from '../../src/modules/processes/process-lists-repository.ts';
import { todoPageSql } from '../../src/modules/tasks/tasks-repository.ts';
import { seedProcesses } from '../../src/seed/seed-processes.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);

describe.each(testDialects())('demo processes and lists on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds processes in every state, once', async () => {
    const statuses = await t.ctx.db.selectFrom('processes').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['completed', 'doing', 'rejected', 'withdrawn']);
    const before = await t.ctx.db.selectFrom('processes').select('id').execute();
    await seedProcesses(t.ctx);
    expect(await t.ctx.db.selectFrom('processes').select('id').execute()).toHaveLength(before.length);
  });

  it('seeds coherent demo data: leave dates follow the request and count their days; guides give phone numbers', async () => {
    const leaves = await t.ctx.db
      .selectFrom('processes')
      .select(['data', 'created_at'])
      .where('definition_code', '=', 'leave')
      .execute();
    expect(leaves.length).toBeGreaterThan(3);
    for (const { data, created_at } of leaves) {
      const d = JSON.parse(data) as { startDate: string; endDate: string; days: number };
      const start = Date.parse(`${d.startDate}T00:00:00+08:00`) / 1000;
      const end = Date.parse(`${d.endDate}T00:00:00+08:00`) / 1000;
      // A leave asked for last year is not dated next year; 1–2 December is 2 days.
      expect(start - created_at, d.startDate).toBeGreaterThan(0);
      expect(start - created_at, d.startDate).toBeLessThan(3 * 86_400);
      expect((end - start) / 86_400 + 1).toBe(d.days);
    }
    const steps = await t.ctx.db.selectFrom('guide_steps').selectAll().execute();
    for (const step of steps) {
      for (const html of Object.values(step).filter((v): v is string => typeof v === 'string')) {
        expect(html, 'a phone number to call, not an e-mail address').not.toMatch(/拨打\s*<a href="mailto:/);
      }
    }
  });

  it('finds to-do tasks by the pinyin initials of their app (qjsq → 请假申请)', async () => {
    const res = (await w.call('lisi', 'GET', '/api/me/tasks/todo?keyword=qjsq')).json();
    expect(res.total).toBeGreaterThan(0);
    for (const task of res.entities) expect(task.process.app.name).toBe('请假申请');
    const none = (await w.call('lisi', 'GET', '/api/me/tasks/todo?keyword=zzzzq')).json();
    expect(none.total).toBe(0);
  });

  it('gives lisi, wangwu, zhaoliu and admin something to do', async () => {
    for (const account of ['lisi', 'wangwu', 'zhaoliu', 'admin']) {
      const todo = await w.todo(account);
      expect(todo.total, account).toBeGreaterThan(0);
      expect(todo.entities[0].process.entry).toMatch(/^\d{8}-\d{6}$/);
    }
  });

  it('lists done processes by year, sep, keyword and paging', async () => {
    const year = new Date(NOW * 1000).getUTCFullYear();
    const range = (y: number) =>
      `${Date.UTC(y, 0, 1) / 1000 - 8 * 3600},${Date.UTC(y + 1, 0, 1) / 1000 - 8 * 3600 - 1}`;
    const thisYear = (await w.call('zhangsan', 'GET', `/api/me/processes/done?timestamps=${range(year)}`)).json();
    const lastYear = (await w.call('zhangsan', 'GET', `/api/me/processes/done?timestamps=${range(year - 1)}`)).json();
    expect(thisYear.total).toBeGreaterThanOrEqual(3);
    expect(lastYear.total).toBeGreaterThanOrEqual(1);
    const page = (await w.call('zhangsan', 'GET', '/api/me/processes/done?limit=1&start=1')).json();
    expect(page.entities).toHaveLength(1);
    expect(page.total).toBe(thisYear.total + lastYear.total);
    const keyword = (
      await w.call('zhangsan', 'GET', `/api/me/processes/done?keyword=${encodeURIComponent('请假')}`)
    ).json();
    expect(keyword.entities.every((p: { name: string }) => p.name === '请假申请')).toBe(true);
    const percent = (await w.call('zhangsan', 'GET', '/api/me/processes/done?keyword=%25')).json();
    expect(percent.total).toBe(0);
    const en = await w.call('zhangsan', 'GET', '/api/me/processes/done?keyword=LEAVE', { 'accept-language': 'en' });
    expect(en.json().total).toBe(0); // the stored name is Chinese; English names are presentation only
    const entry = thisYear.entities[0].entry as string;
    const byEntry = (await w.call('zhangsan', 'GET', `/api/me/processes/done?keyword=${entry.slice(-6)}`)).json();
    expect(byEntry.entities.map((p: { entry: string }) => p.entry)).toContain(entry);
    const sep = (await w.call('wangwu', 'GET', '/api/me/processes/done?sep=true')).json();
    expect(sep.entities.every((p: { owner: { account: string } }) => p.owner.account === 'wangwu')).toBe(true);
  });

  it('shows copies read and unread, and the guest list to app admins', async () => {
    const cc = (await w.call('wangwu', 'GET', '/api/me/processes/cc')).json();
    expect(cc.entities.map((p: { read: boolean }) => p.read).sort()).toEqual([false, true]);
    const guest = (await w.call('wangwu', 'GET', '/api/me/processes/guest?statuses=doing')).json();
    expect(guest.total).toBeGreaterThan(0);
    expect(
      guest.entities.every(
        (p: { status: string; app: { id: string } }) =>
          p.status === 'doing' && ['app-leave', 'app-business-trip'].includes(p.app.id),
      ),
    ).toBe(true);
    const none = (await w.call('liuxiaoming', 'GET', '/api/me/processes/guest')).json();
    expect(none.total).toBe(0);
  });

  it('presents in English when asked', async () => {
    const todo = (await w.call('lisi', 'GET', '/api/me/tasks/todo', undefined, { 'accept-language': 'en' })).json();
    const leaveTask = todo.entities.find((x: { process: { app: { id: string } } }) => x.process.app.id === 'app-leave');
    expect(leaveTask.name).toBe('Counsellor review');
    expect(leaveTask.actions.map((a: { name: string }) => a.name)).toContain('Approve');
  });

  it("reads open tasks through the partial to-do index, in PostgreSQL's generic plan too", async () => {
    // tasks_todo_list holds open tasks only (migrations/026-open-task-list-rows.ts): every to-do query must prove
    // status = 'todo' from its own text, with the values bound later (one source, a delegation's apps, a keyword).
    const db = t.ctx.db;
    const queries = {
      mine: todoPageSql(db, { sources: [{ assigneeId: 'u-lisi', appIds: null }], limit: 10, start: 0 }),
      delegated: todoPageSql(db, {
        sources: [
          { assigneeId: 'u-lisi', appIds: null },
          { assigneeId: 'u-wangwu', appIds: ['app-leave'] },
        ],
        limit: 10,
        start: 0,
      }),
      keyword: todoPageSql(db, {
        sources: [{ assigneeId: 'u-lisi', appIds: null }],
        keyword: '请假',
        limit: 10,
        start: 0,
      }),
    };
    for (const [name, q] of Object.entries(queries)) {
      let text: string;
      if (dialect === 'sqlite') {
        const r = await db.executeQuery(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
        text = r.rows.map((row) => Object.values(row as object).join(' ')).join('\n');
      } else {
        // The plan a named statement settles on: generic (values unknown), with table scans priced out of the way
        // as they are at 1,000,000 rows.
        text = await genericPlan(db, q);
      }
      expect(text, `${name}:\n${text}`).toContain('tasks_todo_list');
      // SQLite: one range per source (a delegation's sources through its OR plan), never a scan of the index.
      if (dialect === 'sqlite') expect(text, `${name}:\n${text}`).not.toMatch(/SCAN t\b/);
      if (process.env.SHOW_PLANS) console.log(`${dialect} ${name}:\n${text}`);
    }
  });

  it("keeps running and finished participants in their own partial index, read in PostgreSQL's generic plan too", async () => {
    // migrations/027-partial-participant-lists.ts: an action moved every participant of its process in both indexes;
    // now pp_doing_list holds finished = 0 only and pp_done_list finished = 1 only.
    const db = t.ctx.db;
    const definitions =
      dialect === 'sqlite'
        ? await sql<{
            name: string;
            def: string;
          }>`select name, sql as def from sqlite_schema where name in ('pp_doing_list', 'pp_done_list')`.execute(db)
        : await sql<{
            name: string;
            def: string;
          }>`select indexname as name, indexdef as def from pg_indexes where indexname in ('pp_doing_list', 'pp_done_list')`.execute(
            db,
          );
    const where = Object.fromEntries(
      definitions.rows.map((r) => [r.name, /where\s*\(?finished = (\d)\)?\s*$/i.exec(r.def)?.[1]]),
    );
    expect(where).toEqual({ pp_doing_list: '0', pp_done_list: '1' });
    // Each list's queries prove their index's condition from their own text (the flag is a literal).
    const queries = {
      doing: participantPageQuery(db, {
        userId: 'u-zhangsan',
        appIds: null,
        finished: false,
        ownerOnly: false,
        order: 'created_at',
        limit: 10,
        start: 0,
      }).compile(),
      done: participantPageQuery(db, {
        userId: 'u-zhangsan',
        appIds: null,
        finished: true,
        ownerOnly: false,
        order: 'updated_at',
        between: [0, NOW],
        limit: 10,
        start: 0,
      }).compile(),
    };
    for (const [name, q] of Object.entries(queries)) {
      expect(q.sql).toContain(`"pp"."finished" = ${name === 'doing' ? 0 : 1}`);
      if (dialect === 'postgres') {
        const text = await genericPlan(db, q);
        expect(text, `${name}:\n${text}`).toContain(name === 'doing' ? 'pp_doing_list' : 'pp_done_list');
      }
    }
  });

  it('reads the to-do, doing, done and cc lists through indexes', async () => {
    const db = t.ctx.db;
    const plans = {
      todo: todoPageSql(db, { sources: [{ assigneeId: 'u-lisi', appIds: null }], limit: 10, start: 0 }),
      doing: participantPageQuery(db, {
        userId: 'u-zhangsan',
        appIds: null,
        finished: false,
        ownerOnly: false,
        order: 'created_at',
        limit: 10,
        start: 0,
      }).compile(),
      done: participantPageQuery(db, {
        userId: 'u-zhangsan',
        appIds: null,
        finished: true,
        ownerOnly: false,
        order: 'updated_at',
        between: [0, NOW],
        limit: 10,
        start: 0,
      }).compile(),
      cc: ccPageQuery(db, { userId: 'u-wangwu', appIds: null, unreadOnly: true, limit: 10, start: 0 }).compile(),
    };
    // one range of the list's covering index, then apps, users, systems by key — never a process.
    const expected = { todo: 'tasks_todo_list', doing: 'pp_doing_list', done: 'pp_done_list', cc: 'cc_list' };
    for (const [name, q] of Object.entries(plans)) {
      const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
      const r = await db.executeQuery(CompiledQuery.raw(prefix + q.sql, [...q.parameters]));
      const text = r.rows.map((row) => Object.values(row as object).join(' ')).join('\n');
      // Small test tables make PostgreSQL prefer sequential scans, so the plan is asserted on SQLite only.
      if (dialect === 'sqlite') {
        expect(text, `${name}:\n${text}`).toContain(`USING COVERING INDEX ${expected[name as keyof typeof expected]}`);
        expect(text, `${name}:\n${text}`).not.toMatch(/\b(SEARCH|SCAN) (p|processes)\b/);
        expect(text, `${name}:\n${text}`).not.toMatch(/SCAN (t|pp|c)\b(?! USING)/);
      }
      if (process.env.SHOW_PLANS) console.log(`${dialect} ${name}:\n${text}`);
    }
  });
});

/**
 * PostgreSQL's plan for a compiled query as a named statement settles on it: generic (values unknown), with table
 * scans priced out of the way as they are at 1,000,000 rows.
 */
async function genericPlan(db: Db, q: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    await sql.raw(`prepare generic_plan as ${q.sql}`).execute(trx);
    const args = q.parameters.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`));
    const r = await sql.raw(`explain execute generic_plan(${args.join(', ')})`).execute(trx);
    await sql`deallocate generic_plan`.execute(trx);
    return r.rows.map((row) => Object.values(row as object).join(' ')).join('\n');
  });
}
