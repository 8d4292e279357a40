import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

const NOW = Math.floor(Date.now() / 1000);
const ROWS = 1000;
const ME = 'u-zhoujiu';

const TASK = `id name assignTime uri actionName actions { id name }
  process { id name uri tags entry owner { id name account } app { id name } system { name } } entruster { id name }`;
const ITEM =
  'id name uri entry status create update pendingTasks { id name } app { id name } system { name } owner { id name account }';

/**
 * 1,000 open tasks and 1,000 running plus 1,000 finished processes for one user, spread over owners, apps,
 * systems and both built-in (with a definition) and external processes, so every per-row lookup is exercised.
 */
async function seedRows(t: TestApp): Promise<void> {
  const db = t.ctx.db;
  const template = await db
    .selectFrom('processes')
    .selectAll()
    .where('definition_code', '=', 'leave')
    .limit(1)
    .executeTakeFirstOrThrow();
  const apps = await db.selectFrom('apps').select(['id', 'system_id']).orderBy('id').limit(7).execute();
  const owners = ['u-zhangsan', 'u-lisi', 'u-wangwu', 'u-zhaoliu', 'u-liuxiaoming'];
  const actions = JSON.stringify([{ id: 'approve', name: { zh: '同意', en: 'Approve' } }]);
  for (let chunk = 0; chunk < (2 * ROWS) / 100; chunk += 1) {
    const processes = [];
    const tasks = [];
    const participants = [];
    for (let k = 0; k < 100; k += 1) {
      const i = chunk * 100 + k;
      const open = i < ROWS;
      const builtin = i % 2 === 0;
      const app = builtin ? { id: template.app_id, system_id: null } : apps[i % apps.length]!;
      const id = `qc-${i}`;
      processes.push({
        ...template,
        id,
        entry: `QC-${String(i).padStart(6, '0')}`,
        name: `负载 ${i}`,
        app_id: app.id,
        system_id: app.system_id,
        definition_code: builtin ? template.definition_code : null,
        definition_version: builtin ? template.definition_version : null,
        owner_id: owners[i % owners.length]!,
        status: open ? 'doing' : 'completed',
        created_at: NOW - i,
        updated_at: NOW - i,
        finished_at: open ? null : NOW - i,
        rating: null,
      });
      participants.push({
        process_id: id,
        user_id: ME,
        is_owner: 0,
        finished: open ? 0 : 1,
        created_at: NOW - i,
        updated_at: NOW - i,
      });
      if (open) {
        tasks.push({
          id: `${id}.1`,
          process_id: id,
          step_id: 'counsellor',
          name: '审核',
          assignee_id: ME,
          status: 'todo',
          actions,
          uri: '',
          app_id: app.id,
          assign_time: NOW - i,
          action_id: null,
          action_name: '',
          action_user_id: null,
          on_behalf_of_id: null,
          action_time: null,
          remark: '',
        });
      }
    }
    await db.insertInto('processes').values(processes).execute();
    await db.insertInto('process_participants').values(participants).execute();
    if (tasks.length) await db.insertInto('tasks').values(tasks).execute();
  }
}

describe.each(testDialects())('GraphQL SQL statements per query on %s', (dialect) => {
  let t: TestApp;
  let statements = 0;
  // Counts every statement the database runs (once per execution, after its result arrives).
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1;
      return args.result;
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    await seedRows(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Runs a query twice (the first warms the caller and definition caches) and counts the second run's statements. */
  async function count(query: string) {
    const headers = await t.auth('zhoujiu');
    const run = async () =>
      (await t.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query } })).json();
    await run();
    const real = t.ctx.db;
    t.ctx.db = real.withPlugin(counter);
    statements = 0;
    try {
      const body = await run();
      expect(body.errors).toBeUndefined();
      return { body, statements };
    } finally {
      t.ctx.db = real;
    }
  }

  it('resolves the whole 1,000-row to-do list with as many statements as a page of 10', async () => {
    const small = await count(`{ tasks(cate: "todo", size: 10) { total list { ${TASK} } } }`);
    const all = await count(`{ tasks(cate: "todo") { total list { ${TASK} } } }`);
    expect(small.body.data.tasks.list).toHaveLength(10);
    expect(all.body.data.tasks).toMatchObject({ total: ROWS });
    expect(all.body.data.tasks.list).toHaveLength(ROWS);
    expect(
      new Set(all.body.data.tasks.list.map((x: { process: { owner: { id: string } } }) => x.process.owner.id)).size,
    ).toBe(5);
    expect(all.statements).toBe(small.statements);
    expect(all.statements).toBeLessThanOrEqual(8);
  });

  it('resolves doing and done pages of 100 with as many statements as pages of 10', async () => {
    for (const cate of ['doing', 'done']) {
      const small = await count(`{ processes(cate: "${cate}", size: 10) { total list { ${ITEM} } } }`);
      const large = await count(`{ processes(cate: "${cate}", size: 100) { total list { ${ITEM} } } }`);
      expect(large.body.data.processes.total).toBeGreaterThanOrEqual(ROWS);
      expect(large.body.data.processes.list).toHaveLength(100);
      expect(large.statements, cate).toBe(small.statements);
      expect(large.statements, cate).toBeLessThanOrEqual(8);
    }
  });

  it('looks up the ids of many aliased processes with one statement', async () => {
    const one = await count('{ a: process(entry: "QC-000001") { id } }');
    const ten = await count(
      `{ ${Array.from({ length: 10 }, (_, i) => `p${i}: process(entry: "QC-${String(i).padStart(6, '0')}") { id }`).join(' ')} }`,
    );
    expect(ten.body.data.p9).toEqual({ id: 'qc-9' });
    // Each detail is read and authorised on its own (the REST policy); the id lookup is shared, and so are reads that
    // do not depend on the process (the directory, read once per version). Ten separate lookups would exceed this.
    const perDetail = one.statements - 1;
    expect(ten.statements).toBeLessThanOrEqual(1 + 10 * perDetail);
    expect(ten.statements).toBeGreaterThan(10);
  });
});
