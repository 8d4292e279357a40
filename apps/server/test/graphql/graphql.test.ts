import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);

// Every field of each type, so "same data as REST" compares whole entities.
const TASK = `id name assignTime uri actionName actions { id name }
  process { id name uri tags entry owner { id name account } app { id name code department } system { id name } } entruster { id name }`;
const ITEM =
  'id name uri entry status create update pendingTasks { id name } app { id name code department } system { id name } owner { id name account }';
const DETAIL = `id name uri entry status create update priority tags rating review pendingTasks { id name }
  app { id name code department } system { id name } owner { id name account } data
  tasks { id name status assignee { id name } assignTime actionUser { id name } onBehalfOf { id name } actionTime actionName remark viaSystem { id name } handedTo { id name } }
  cc { user { id name } read create } myTask { id actions { id name } returnTo { id name } } canRate canWithdraw
  canUrge urges { user { id name } time } diagram { id kind name status users { id name } }
  startedVia { id name } dataNames`;

/** The parts of a response the assertions read; the rest is compared as whole values. */
interface TaskRow {
  id: string;
  process: { id: string; app: { id: string }; owner: { id: string } };
  entruster: { id: string; name: string } | null;
}
interface ItemRow {
  id: string;
  status: string;
  app: { id: string };
}
interface Data {
  tasks: { total: number; list: TaskRow[] };
  processes: { total: number; list: ItemRow[] };
  [field: string]: unknown;
}
interface GqlError {
  message: string;
  path?: string[];
  extensions: { code?: string; details?: Array<{ field: string; message: string }> } & Record<string, unknown>;
}
type Gql = { data?: Data | null; errors?: GqlError[] };

/** REST entities carry `entruster` only when set; GraphQL answers null. Normalise to compare. */
const withEntruster = (t: Record<string, unknown>) => ({ entruster: null, ...t });

describe.each(testDialects())('GraphQL task API on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  const gql = async (
    account: string,
    query: string,
    variables?: Record<string, unknown>,
    o: { scope?: string; lang?: string } = {},
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...(await t.auth(account, o.scope)), ...(o.lang ? { 'accept-language': o.lang } : {}) },
      payload: { query, variables },
    });
    return { status: res.statusCode, body: res.json() as Gql };
  };
  const rest = async (account: string, url: string, lang?: string) =>
    (await w.call(account, 'GET', url, undefined, lang ? { 'accept-language': lang } : {})).json();
  const code = (b: Gql) => b.errors?.[0]?.extensions.code;

  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('tasks', () => {
    const TASKS = `query($cate: String!, $userId: String, $page: Int, $size: Int, $keyword: String) {
      tasks(cate: $cate, userId: $userId, page: $page, size: $size, keyword: $keyword) { total list { ${TASK} } } }`;

    it('returns the same to-do list as REST entrust=true, in both languages', async () => {
      for (const lang of ['zh', 'en']) {
        const { body } = await gql('lisi', TASKS, { cate: 'todo' }, { lang });
        const r = await rest('lisi', '/api/me/tasks/todo?entrust=true&limit=100', lang);
        expect(body.errors).toBeUndefined();
        expect(body.data!.tasks.total).toBe(r.total);
        expect(body.data!.tasks.list).toEqual(r.entities.map(withEntruster));
        expect(r.total).toBeGreaterThan(0);
      }
    });

    it('pages with page (start) and size (limit) and filters by keyword like REST', async () => {
      const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
      const { body } = await gql('lisi', TASKS, { cate: 'todo', page: 1, size: 1 });
      const r = await rest('lisi', '/api/me/tasks/todo?entrust=true&start=1&limit=1');
      expect(body.data!.tasks).toEqual({ total: r.total, list: r.entities.map(withEntruster) });
      expect(body.data!.tasks.list).toHaveLength(1);
      const byEntry = await gql('lisi', TASKS, { cate: 'todo', keyword: p.entry });
      expect(byEntry.body.data!.tasks.list.map((x) => x.process.id)).toEqual([p.id]);
    });

    it('includes tasks delegated to me, and lets a delegate view only the delegated apps of the delegator', async () => {
      const given = await w.call('zhaoliu', 'POST', '/api/user/zhaoliu/entrustees', {
        appId: 'app-reimburse',
        entrusteeId: 'qianqi',
        from: NOW - 60,
        to: NOW + 3600,
      });
      expect(given.statusCode, given.body).toBe(200);
      const mine = (await gql('qianqi', TASKS, { cate: 'todo' })).body.data!.tasks.list;
      const delegated = mine.filter((x) => x.entruster);
      expect(delegated.length).toBeGreaterThan(0);
      expect(delegated.every((x) => x.entruster!.name === '赵六' && x.process.app.id === 'app-reimburse')).toBe(true);

      const asZhaoliu = await gql('qianqi', TASKS, { cate: 'todo', userId: 'zhaoliu' });
      const r = await rest('qianqi', '/api/me/tasks/todo?userId=zhaoliu&limit=100');
      expect(asZhaoliu.body.data!.tasks.total).toBe(r.total);
      expect(asZhaoliu.body.data!.tasks.list.every((x) => x.process.app.id === 'app-reimburse')).toBe(true);
      // My own id or account is always allowed.
      expect((await gql('qianqi', TASKS, { cate: 'todo', userId: 'qianqi' })).body.data!.tasks.total).toBe(mine.length);
    });

    it('refuses userId of someone who did not delegate to me with FORBIDDEN and no data; an admin may', async () => {
      for (const userId of ['lisi', 'u-lisi', 'nobody']) {
        const { body } = await gql('zhangsan', TASKS, { cate: 'todo', userId });
        expect(code(body)).toBe('USER_ID_FORBIDDEN');
        expect(body.data!.tasks).toBeNull();
      }
      const admin = await gql('admin', TASKS, { cate: 'todo', userId: 'lisi' });
      expect(admin.body.data!.tasks.total).toBe((await rest('lisi', '/api/me/tasks/todo')).total);
    });

    it('refuses an unknown cate and out-of-range paging with a clear VALIDATION_FAILED', async () => {
      const done = await gql('lisi', TASKS, { cate: 'done' }, { lang: 'en' });
      expect(code(done.body)).toBe('VALIDATION_FAILED');
      expect(done.body.errors![0]!.message).toBe('Unknown cate "done"; expected one of: todo');
      expect(done.body.data!.tasks).toBeNull();
      for (const [vars, field] of [
        [{ size: 0 }, 'size'],
        [{ size: 101 }, 'size'],
        [{ page: -1 }, 'page'],
        [{ keyword: 'x'.repeat(101) }, 'keyword'],
        [{ userId: '' }, 'userId'],
      ] as const) {
        const { body } = await gql('lisi', TASKS, { cate: 'todo', ...vars }, { lang: 'en' });
        expect(code(body), JSON.stringify(vars)).toBe('VALIDATION_FAILED');
        expect(body.errors![0]!.extensions.details![0]!.field).toBe(field);
        expect(body.errors![0]!.message).toMatch(new RegExp(`^Invalid arguments: ${field}: `));
      }
    });

    it('makes a missing cate a GraphQL validation error naming the argument', async () => {
      // Refused before execution: no data key at all (with Accept: application/json yoga answers 200).
      const { body } = await gql('lisi', '{ tasks { total } }');
      expect(code(body)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(body.errors![0]!.message).toBe(
        'Field "tasks" argument "cate" of type "String!" is required, but it was not provided.',
      );
      expect(body.data).toBeUndefined();
      const nullVar = await gql('lisi', 'query($c: String!) { tasks(cate: $c) { total } }', { c: null });
      expect(nullVar.body.errors![0]!.message).toMatch(/\$c.*must not be null/);
    });

    it('refuses wrong argument types before running, and huge or negative paging with VALIDATION_FAILED', async () => {
      for (const query of [
        '{ tasks(cate: 5) { total } }',
        '{ tasks(cate: "todo", page: "1") { total } }',
        '{ tasks(cate: "todo", size: 1.5) { total } }',
        '{ tasks(cate: "todo", page: 2147483648) { total } }',
        '{ tasks(cate: "todo", userId: 7) { total } }',
        '{ tasks(cate: "todo", keyword: ["a"]) { total } }',
        '{ tasks(cate: "todo", usrId: "x") { total } }',
      ]) {
        const { body } = await gql('lisi', query);
        expect(code(body), query).toBe('GRAPHQL_VALIDATION_FAILED');
        expect(body.data, query).toBeUndefined();
      }
      // A variable of the wrong type is refused while coercing the variables: HTTP 400, nothing runs.
      const typedVar = await gql('lisi', TASKS, { cate: 'todo', page: '1' });
      expect(typedVar.status).toBe(400);
      expect(typedVar.body.errors![0]!.message).toMatch(
        /Variable "\$page" got invalid value "1"; Int cannot represent/,
      );
      expect(typedVar.body.data).toBeUndefined();
      for (const [vars, field] of [
        [{ page: 1_000_001 }, 'page'],
        [{ page: 2_147_483_647 }, 'page'],
        [{ size: -1 }, 'size'],
        [{ size: 1_000_000 }, 'size'],
        [{ page: -2_147_483_648, size: 2_147_483_647 }, 'page,size'],
      ] as const) {
        const { body } = await gql('lisi', TASKS, { cate: 'todo', ...vars }, { lang: 'en' });
        expect(code(body), JSON.stringify(vars)).toBe('VALIDATION_FAILED');
        // Every bad argument is named, not just the first.
        expect(
          body
            .errors![0]!.extensions.details!.map((d) => d.field)
            .sort()
            .join(),
          JSON.stringify(vars),
        ).toBe(field);
        expect(body.data!.tasks).toBeNull();
      }
    });
  });

  describe('processes', () => {
    const PROCESSES = `query($cate: String!, $userId: String, $page: Int, $size: Int, $keyword: String, $sep: Boolean, $timestamps: String) {
      processes(cate: $cate, userId: $userId, page: $page, size: $size, keyword: $keyword, sep: $sep, timestamps: $timestamps) {
        total list { ${ITEM} } } }`;

    it('returns the same doing and done pages as REST for every argument', async () => {
      const year = new Date().getFullYear();
      const ts = `${Math.floor(Date.UTC(year, 0, 1) / 1000)},${Math.floor(Date.UTC(year, 11, 31, 23, 59, 59) / 1000)}`;
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ cate: 'doing' }, '/api/me/processes/doing'],
        [{ cate: 'doing', page: 1, size: 2 }, '/api/me/processes/doing?start=1&limit=2'],
        [{ cate: 'doing', keyword: '请假' }, '/api/me/processes/doing?keyword=' + encodeURIComponent('请假')],
        [{ cate: 'doing', sep: true }, '/api/me/processes/doing?sep=true'],
        [{ cate: 'done' }, '/api/me/processes/done'],
        [{ cate: 'done', sep: false, size: 100 }, '/api/me/processes/done?sep=false&limit=100'],
        [{ cate: 'done', timestamps: ts }, `/api/me/processes/done?timestamps=${ts}`],
        [
          { cate: 'done', keyword: '报销', page: 0, size: 5 },
          '/api/me/processes/done?limit=5&keyword=' + encodeURIComponent('报销'),
        ],
      ];
      for (const account of ['zhangsan', 'lisi']) {
        for (const [vars, url] of cases) {
          const { body } = await gql(account, PROCESSES, vars);
          const r = await rest(account, url);
          expect(body.errors, JSON.stringify(vars)).toBeUndefined();
          expect(body.data!.processes, `${account} ${JSON.stringify(vars)}`).toEqual({
            total: r.total,
            list: r.entities,
          });
        }
      }
      const zs = await gql('zhangsan', PROCESSES, { cate: 'done' });
      expect(zs.body.data!.processes.total).toBeGreaterThan(0);
      expect(zs.body.data!.processes.list.every((x) => x.status !== 'doing')).toBe(true);
    });

    it('applies the userId rule: a delegate sees the delegated app only, anyone else gets FORBIDDEN', async () => {
      await w.call('wangwu', 'POST', '/api/user/wangwu/entrustees', {
        appId: 'app-leave',
        entrusteeId: 'sunba',
        from: NOW - 60,
        to: NOW + 3600,
      });
      const view = await gql('sunba', PROCESSES, { cate: 'done', userId: 'wangwu' });
      const r = await rest('sunba', '/api/me/processes/done?userId=wangwu');
      expect(view.body.data!.processes).toEqual({ total: r.total, list: r.entities });
      expect(view.body.data!.processes.list.every((x) => x.app.id === 'app-leave')).toBe(true);
      const refused = await gql('zhangsan', PROCESSES, { cate: 'doing', userId: 'wangwu' });
      expect(code(refused.body)).toBe('USER_ID_FORBIDDEN');
      expect(refused.body.data!.processes).toBeNull();
    });

    it('refuses bad arguments with VALIDATION_FAILED or a GraphQL validation error', async () => {
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ cate: 'todo' }, 'cate'],
        [{ cate: '' }, 'cate'],
        [{ cate: 'doing', size: 101 }, 'size'],
        [{ cate: 'doing', size: 0 }, 'size'],
        [{ cate: 'done', page: -5 }, 'page'],
        [{ cate: 'done', timestamps: 'last year' }, 'timestamps'],
        [{ cate: 'done', timestamps: '20,10' }, 'timestamps'],
        [{ cate: 'doing', timestamps: '1,2' }, '(arguments)'],
      ];
      for (const [vars, field] of bad) {
        const { body } = await gql('zhangsan', PROCESSES, vars, { lang: 'en' });
        expect(code(body), JSON.stringify(vars)).toBe('VALIDATION_FAILED');
        expect(body.errors![0]!.extensions.details![0]!.field, JSON.stringify(vars)).toBe(field);
        expect(body.data!.processes).toBeNull();
      }
      const unknown = await gql('zhangsan', PROCESSES, { cate: 'todo' }, { lang: 'en' });
      expect(unknown.body.errors![0]!.message).toBe('Unknown cate "todo"; expected one of: doing, done');
      const typed = await gql('zhangsan', '{ processes(cate: "doing", size: "ten") { total } }');
      expect(code(typed.body)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(typed.body.data).toBeUndefined();
      const missing = await gql('zhangsan', '{ processes(size: 10) { total } }');
      expect(missing.body.errors![0]!.message).toMatch(/argument "cate" of type "String!" is required/);
    });

    it('refuses wrong types before running and huge paging with VALIDATION_FAILED', async () => {
      for (const query of [
        '{ processes(cate: doing) { total } }',
        '{ processes(cate: "done", sep: "yes") { total } }',
        '{ processes(cate: "done", timestamps: 123) { total } }',
        '{ processes(cate: "doing", page: 2147483648) { total } }',
        '{ processes(cate: "doing", keyword: 1) { total } }',
        '{ processes(cate: "doing", order: "update") { total } }',
      ]) {
        const { body } = await gql('zhangsan', query);
        expect(code(body), query).toBe('GRAPHQL_VALIDATION_FAILED');
        expect(body.data, query).toBeUndefined();
      }
      const typedVar = await gql('zhangsan', PROCESSES, { cate: 'doing', sep: 'true' });
      expect(typedVar.status).toBe(400);
      expect(typedVar.body.errors![0]!.message).toMatch(
        /Variable "\$sep" got invalid value "true"; Boolean cannot represent/,
      );
      for (const [vars, field] of [
        [{ cate: 'doing', page: 1_000_001 }, 'page'],
        [{ cate: 'done', size: 2_147_483_647 }, 'size'],
        [{ cate: 'done', size: -10 }, 'size'],
        [{ cate: 'doing', keyword: 'x'.repeat(101) }, 'keyword'],
        [{ cate: 'done', userId: 'x'.repeat(65) }, 'userId'],
      ] as const) {
        const { body } = await gql('zhangsan', PROCESSES, vars, { lang: 'en' });
        expect(code(body), JSON.stringify(vars)).toBe('VALIDATION_FAILED');
        expect(body.errors![0]!.extensions.details![0]!.field, JSON.stringify(vars)).toBe(field);
        expect(body.data!.processes).toBeNull();
      }
    });
  });

  describe('process', () => {
    const PROCESS = `query($id: String, $entry: String, $system: String) { process(id: $id, entry: $entry, system: $system) { ${DETAIL} } }`;

    it('finds a process by id or by entry, with the same detail as REST', async () => {
      const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
      const r = (await rest('lisi', `/api/process/${p.id}`)).entities[0];
      for (const vars of [{ id: p.id }, { entry: p.entry }, { id: p.id, entry: p.entry }]) {
        const { body } = await gql('lisi', PROCESS, vars);
        expect(body.errors).toBeUndefined();
        expect(body.data!.process).toEqual(r);
      }
      expect(r.myTask.actions.length).toBeGreaterThan(0);
    });

    it('matches entry within a system only when the process belongs to it', async () => {
      await t.ctx.db
        .insertInto('systems')
        .values({ id: 'sys-gql', name: '外部系统', name_en: 'External', base_url: '', secret_hash: null })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
      const built = await gql('zhangsan', PROCESS, { entry: p.entry, system: 'sys-gql' });
      expect(code(built.body)).toBe('NOT_FOUND');
      await t.ctx.db.updateTable('processes').set({ system_id: 'sys-gql' }).where('id', '=', p.id).execute();
      const found = await gql('zhangsan', PROCESS, { entry: p.entry, system: 'sys-gql' });
      expect(found.body.data!.process).toMatchObject({ id: p.id, system: { name: '外部系统' } });
      const mismatch = await gql('zhangsan', PROCESS, { id: p.id, entry: '19990101-000001' });
      expect(code(mismatch.body)).toBe('NOT_FOUND');
    });

    it('answers another user’s process like a missing one: null, NOT_FOUND, no data', async () => {
      const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
      for (const vars of [{ id: p.id }, { entry: p.entry }, { id: 'no-such-id' }, { entry: '19990101-000001' }]) {
        const { body } = await gql('zhaoliu', PROCESS, vars);
        expect(body.data).toEqual({ process: null });
        expect(code(body)).toBe('NOT_FOUND');
        expect(JSON.stringify(body)).not.toContain(p.entry);
      }
    });

    it('batches aliased lookups: visible ones answer, hidden ones fail alone', async () => {
      const a = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
      const b = (
        await w.start('zhaoliu', 'overtime', {
          date: '2026-11-14',
          startTime: '18:00',
          endTime: '21:00',
          hours: 3,
          compensation: 'time-off',
          reason: '期末结算',
        })
      ).json().entities[0];
      const { body } = await gql(
        'zhangsan',
        `{ a: process(id: "${a.id}") { id } same: process(entry: "${a.entry}") { entry }
        hidden: process(id: "${b.id}") { id } }`,
      );
      expect(body.data).toEqual({ a: { id: a.id }, same: { entry: a.entry }, hidden: null });
      expect(body.errors!.map((e) => [e.path, e.extensions.code])).toEqual([[['hidden'], 'NOT_FOUND']]);
    });

    it('refuses wrong argument types before running', async () => {
      for (const query of [
        '{ process(id: 5) { id } }',
        '{ process(entry: 20261114) { id } }',
        '{ process(id: "x", system: true) { id } }',
        '{ process(uid: "x") { id } }',
        '{ process(id: "x") }',
      ]) {
        const { body } = await gql('zhangsan', query);
        expect(code(body), query).toBe('GRAPHQL_VALIDATION_FAILED');
        expect(body.data, query).toBeUndefined();
      }
    });

    it('needs an id or an entry', async () => {
      for (const vars of [{}, { system: 'sys-gql' }, { id: '' }, { id: 'x'.repeat(65) }]) {
        const { body } = await gql('zhangsan', PROCESS, vars);
        expect(code(body), JSON.stringify(vars)).toBe('VALIDATION_FAILED');
        expect(body.data).toEqual({ process: null });
      }
    });
  });

  it('refuses userId of a delegator whose delegation is expired, not started yet or withdrawn, as REST does', async () => {
    await t.ctx.db
      .insertInto('delegations')
      .values(
        [
          { id: 'gql-expired', start_at: NOW - 7200, end_at: NOW - 60, deleted_at: null },
          { id: 'gql-future', start_at: NOW + 60, end_at: NOW + 3600, deleted_at: null },
          { id: 'gql-withdrawn', start_at: NOW - 60, end_at: NOW + 3600, deleted_at: NOW - 30 },
        ].map((d) => ({
          ...d,
          from_user_id: 'u-liuxiaoming',
          to_user_id: 'u-zhoujiu',
          app_id: null,
          created_at: NOW - 7200,
        })),
      )
      .execute();
    const cases: Array<[string, string, string]> = [
      ['tasks', '{ tasks(cate: "todo", userId: "liuxiaoming") { total } }', '/api/me/tasks/todo?userId=liuxiaoming'],
      [
        'processes',
        '{ processes(cate: "doing", userId: "u-liuxiaoming") { total } }',
        '/api/me/processes/doing?userId=u-liuxiaoming',
      ],
      [
        'processes',
        '{ processes(cate: "done", userId: "liuxiaoming") { total } }',
        '/api/me/processes/done?userId=liuxiaoming',
      ],
    ];
    for (const [field, query, url] of cases) {
      const { body } = await gql('zhoujiu', query);
      expect(code(body), query).toBe('USER_ID_FORBIDDEN');
      expect(body.data![field], query).toBeNull();
      expect((await w.call('zhoujiu', 'GET', url)).statusCode).toBe(403);
    }
  });

  describe('authentication and scopes', () => {
    it('needs a bearer token', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: '{ tasks(cate: "todo") { total } }' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().ecode).toBe('ACCESS_TOKEN_INVALID');
    });

    it('checks the task scope for tasks and the process scope for process and processes, like REST', async () => {
      const noTask = await gql(
        'lisi',
        '{ tasks(cate: "todo") { total } processes(cate: "doing") { total } }',
        undefined,
        { scope: 'openid process' },
      );
      expect(noTask.body.data).toEqual({ tasks: null, processes: { total: expect.any(Number) } });
      expect(noTask.body.errors!.map((e) => [e.path, e.extensions.code])).toEqual([
        [['tasks'], 'ACCESS_TOKEN_SCOPE_INVALID'],
      ]);
      const noProcess = await gql(
        'lisi',
        '{ tasks(cate: "todo") { total } processes(cate: "doing") { total } process(id: "x") { id } }',
        undefined,
        { scope: 'openid task' },
      );
      expect(noProcess.body.data).toEqual({ tasks: { total: expect.any(Number) }, processes: null, process: null });
      expect(noProcess.body.errors!.map((e) => e.extensions.code)).toEqual([
        'ACCESS_TOKEN_SCOPE_INVALID',
        'ACCESS_TOKEN_SCOPE_INVALID',
      ]);
    });

    it('refuses queries over GET', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/graphql?query=%7B__typename%7D',
        headers: await t.auth('lisi'),
      });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('POST');
    });
  });
});
