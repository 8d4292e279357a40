import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, httpLayerDialects, type TestApp } from '../helpers/test-app.ts';

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

const post = async (t: TestApp, payload: unknown, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { ...(await t.auth('lisi')), ...headers },
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.json() as Gql, raw: res.body };
};

/**
 * Sends a document and counts the SQL statements the server runs for it. The caller is looked up once before
 * (the bearer plugin caches it), so a document refused during validation runs none: nothing reached a resolver.
 * No wall-clock assertions: "quickly" means "before any SQL", which does not depend on the machine's load.
 */
async function counted(t: TestApp, payload: unknown) {
  await post(t, { query: '{ __typename }' });
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1;
      return args.result;
    },
  };
  const real = t.ctx.db;
  t.ctx.db = real.withPlugin(counter);
  try {
    const res = await post(t, payload);
    return { ...res, statements };
  } finally {
    t.ctx.db = real;
  }
}

const ITEM =
  'id name uri entry status create update pendingTasks { id name } app { id name } system { name } owner { id name account }';
const DETAIL = `id name entry status priority tags rating review data pendingTasks { id name } app { id name code } owner { id name account }
  tasks { id name status assignee { id name } actionUser { id name } onBehalfOf { id name } actionTime actionName remark }
  cc { user { id name } read create } myTask { id actions { id name } } canRate canWithdraw`;

describe.each(httpLayerDialects())('GraphQL limits (development) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs SQL for an admitted query (so a count of zero below means "refused before running")', async () => {
    const { body, statements } = await counted(t, { query: '{ tasks(cate: "todo") { total } }' });
    expect(body.errors).toBeUndefined();
    expect(statements).toBeGreaterThan(0);
  });

  it('refuses a query 20 levels deep before any SQL runs', async () => {
    let inner = 'name';
    for (let i = 0; i < 16; i += 1) inner = `f${i} { ${inner} }`;
    const query = `{ tasks(cate: "todo") { list { process { owner { ${inner} } } } } }`;
    expect(query.split('{').length - 1).toBeGreaterThanOrEqual(20);
    const { body, statements } = await counted(t, { query });
    expect(statements).toBe(0);
    expect(body.data).toBeUndefined();
    expect(body.errors![0]!.message).toMatch(/depth limit of 10 exceeded/);
  });

  it('refuses a query with 150 aliases before any SQL runs', async () => {
    // 150, not more: beyond ~190 the document passes 2,000 tokens and is refused earlier (hardening-graphql.test.ts).
    const query = `{ ${Array.from({ length: 150 }, (_, i) => `a${i}: tasks(cate: "todo") { total }`).join(' ')} }`;
    const { body, statements } = await counted(t, { query });
    expect(statements).toBe(0);
    expect(body.data).toBeUndefined();
    expect(body.errors![0]!.message).toMatch(/Aliases limit of 30 exceeded/);
  });

  it('admits what the portal asks for and refuses a costly document under the alias cap', async () => {
    const screens = `{ tasks(cate: "todo") { total list { id name assignTime uri actionName actions { id name }
      process { id name uri tags entry owner { id name account } app { id name } system { name } } entruster { id name } } }
      doing: processes(cate: "doing") { total list { ${ITEM} } } done: processes(cate: "done") { total list { ${ITEM} } } }`;
    const ok = await post(t, { query: screens });
    expect(ok.body.errors).toBeUndefined();
    const costly = `{ ${Array.from({ length: 10 }, (_, i) => `p${i}: process(id: "x${i}") { ${DETAIL} }`).join(' ')} }`;
    const { body, statements } = await counted(t, { query: costly });
    expect(statements).toBe(0);
    expect(body.data).toBeUndefined();
    expect(body.errors![0]!.message).toMatch(/Cost limit of 1000 exceeded/);
  });

  it('refuses batched operations', async () => {
    const res = await post(t, [
      { query: '{ tasks(cate: "todo") { total } }' },
      { query: '{ tasks(cate: "todo") { total } }' },
    ]);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.data).toBeUndefined();
  });

  it('allows introspection, suggestions and GraphiQL outside production', async () => {
    const intro = await post(t, { query: '{ __schema { queryType { name } } }' });
    expect(intro.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const typo = await post(t, { query: '{ tasks(cate: "todo") { totl } }' });
    expect(typo.body.errors![0]!.message).toMatch(/Did you mean "total"\?/);
    const page = await t.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/graphiql/i);
  });

  it('masks unexpected errors: a generic INTERNAL error, nothing from the failure', async () => {
    await post(t, { query: '{ tasks(cate: "todo") { total } }' }); // cache the caller, so only the resolver's SQL fails
    const failing: KyselyPlugin = {
      transformQuery: () => {
        throw new Error('relation "tasks" does not exist at /srv/secret/db.sqlite');
      },
      transformResult: async (args) => args.result,
    };
    const real = t.ctx.db;
    t.ctx.db = real.withPlugin(failing);
    try {
      const { body, raw } = await post(t, { query: '{ tasks(cate: "todo") { total } }' }, { 'accept-language': 'en' });
      expect(body.errors![0]).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL' } });
      expect(raw).not.toMatch(/secret|relation|stack|sqlite/i);
    } finally {
      t.ctx.db = real;
    }
  });
});

describe.each(httpLayerDialects())('GraphQL in production on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('turns off introspection, field suggestions and GraphiQL, and hides the limits', async () => {
    const intro = await post(t, { query: '{ __schema { types { name } } }' });
    expect(intro.body.data).toBeUndefined();
    expect(intro.body.errors![0]!.message).toMatch(/introspection/i);
    const typed = await post(t, { query: '{ __type(name: "Task") { name } }' });
    expect(typed.body.data).toBeUndefined();

    const typo = await post(t, { query: '{ tasks(cate: "todo") { totl } tasx(cate: "todo") { total } }' });
    expect(typo.body.errors!.map((e) => e.message)).toEqual([
      'Cannot query field "totl" on type "TaskList".',
      'Cannot query field "tasx" on type "Query".',
    ]);
    const badArg = await post(t, { query: '{ tasks(cate: "todo", usrId: "x") { total } }' });
    expect(badArg.raw).not.toMatch(/Did you mean/);

    const page = await t.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(405);
    expect(page.body).not.toMatch(/graphiql/i);

    const deep = await post(t, {
      query: `{ tasks(cate: "todo") { list { process { owner { ${'a { '.repeat(12)}b${' }'.repeat(12)} } } } } }`,
    });
    expect(deep.body.errors!.map((e) => e.message)).toEqual(['Syntax Error: Query validation error.']);
  });

  it('refuses batches and 20-deep or 500-alias documents before any SQL runs, without naming the limits', async () => {
    const batch = await counted(t, [
      { query: '{ tasks(cate: "todo") { total } }' },
      { query: '{ tasks(cate: "todo") { total } }' },
    ]);
    expect(batch.status).toBeGreaterThanOrEqual(400);
    expect(batch.body.data).toBeUndefined();
    let inner = 'name';
    for (let i = 0; i < 16; i += 1) inner = `f${i} { ${inner} }`;
    const deep = await counted(t, { query: `{ tasks(cate: "todo") { list { process { owner { ${inner} } } } } }` });
    const wide = await counted(t, {
      query: `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: tasks(cate: "todo") { total }`).join(' ')} }`,
    });
    for (const refused of [batch, deep, wide]) expect(refused.statements).toBe(0);
    for (const refused of [deep, wide]) {
      expect(refused.body.data).toBeUndefined();
      expect(refused.raw).not.toMatch(/limit of \d+/);
    }
  });

  it('still answers the portal’s queries', async () => {
    const res = await post(t, { query: '{ tasks(cate: "todo") { total list { id } } }' });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.tasks.total).toBeGreaterThan(0);
  });
});
