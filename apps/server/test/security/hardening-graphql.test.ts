import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// A full collection between measurements, so heap figures compare what is retained, not garbage not yet swept.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

type Gql = { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> };

/** GraphQL documents are bounded before parsing and refused ones are never cached. */
describe('GraphQL document limits', () => {
  let t: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    prod = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await t?.close();
    await prod?.close();
  });

  const post = async (app: TestApp, url: string, query: string) => {
    const res = await app.app.inject({ method: 'POST', url, headers: await app.auth('lisi'), payload: { query } });
    return { status: res.statusCode, body: res.json() as Gql };
  };

  // First in the file: on a server that has not warmed up (larger stack frames) the unbounded parser overflowed the
  // stack at once; warmed up, it reached the token limit first and answered that instead.
  it('refuses brackets nested past 64 levels before parsing, however few tokens, on the bus too', async () => {
    const list = (levels: number) => `${'['.repeat(levels)}"x"${']'.repeat(levels)}`;
    const object = (levels: number) => `${'{a: '.repeat(levels)}1${'}'.repeat(levels)}`;
    for (const [url, field] of [
      ['/graphql', 'tasks(cate: %) { total }'],
      ['/bus/graphql', 'guide(title: %) { totalCount }'],
    ] as const) {
      for (const value of [list(1990), list(65), object(65)]) {
        const res = await post(t, url, `{ ${field.replace('%', value)} }`);
        expect([url, value.slice(0, 4), res.status, res.body.errors?.[0]?.extensions?.code]).toEqual([
          url,
          value.slice(0, 4),
          400,
          'DOCUMENT_TOO_DEEP',
        ]);
      }
      // Within the bound it is still a document (refused by the argument's type, not its depth).
      const within = await post(t, url, `{ ${field.replace('%', list(60))} }`);
      expect(within.body.errors?.[0]?.extensions?.code).not.toBe('DOCUMENT_TOO_DEEP');
    }
  });

  it('keeps the heap flat across 200 unique 50 KB documents on both endpoints (within 10 %)', async () => {
    const auth = await t.auth('lisi');
    const send = (url: string, query: string) =>
      t.app.inject({ method: 'POST', url, headers: auth, payload: { query } });
    const process50k = (i: number) => `{processes(cate:"doing"){${'list{owner{id}} '.repeat(3200)}}} # ${i}`;
    const guide50k = (i: number) => `{guide{${'edges{node{id title guideStepList{stepTitle}}} '.repeat(900)}}} # ${i}`;
    // Warm up both endpoints (schemas, loaders, JIT) before the baseline.
    for (let i = 0; i < 10; i++) {
      await send('/graphql', process50k(-i));
      await send('/bus/graphql', guide50k(-i));
    }
    const before = heapAfterGc();
    let after = before;
    const statuses = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const res = await send(i % 2 ? '/bus/graphql' : '/graphql', i % 2 ? guide50k(i) : process50k(i));
      statuses.add(res.statusCode);
      // Stop early when the heap has already grown (the unfixed server would run out of memory here).
      if (i % 20 === 19) {
        after = heapAfterGc();
        if (after > before * 1.1) break;
      }
    }
    const growth = (after - before) / before;
    console.info(
      `heap before ${(before / 1e6).toFixed(1)} MB, after 200 documents ${(after / 1e6).toFixed(1)} MB (${(growth * 100).toFixed(1)} %)`,
    );
    expect(growth).toBeLessThan(0.1);
    expect([...statuses]).toEqual([400]);
  });

  it('refuses an oversized document before parsing, and a long one by its token count, on the bus too', async () => {
    // The 235 KB duplicate-field document of the issue is cut to fit the body limit of the route under test.
    const huge = `{guide{${'edges{node{id title}} '.repeat(10_000)}}}`;
    for (const url of ['/graphql', '/bus/graphql']) {
      const big = await post(t, url, huge);
      expect(big.status).toBe(400);
      expect(big.body.errors![0]!.extensions?.code).toBe('DOCUMENT_TOO_LARGE');
    }
    // Under 16 KB but 4,000 tokens: refused by the parser's token limit.
    const many = `{guide{${'id '.repeat(4000)}}}`;
    const tokens = await post(t, '/bus/graphql', many);
    expect(tokens.body.data).toBeUndefined();
    expect(tokens.body.errors![0]!.message).toMatch(/2000 tokens/);
  });

  it('applies the cost limit of /graphql to the bus', async () => {
    // Within the alias (30) and depth (10) limits, but 12 full guide lists with their steps.
    const full =
      'totalCount edges { node { id title keyword updateTime guideStepList { stepNo stepTitle context guideStepAppList { appId appName appUrl } } } }';
    const costly = `{ ${Array.from({ length: 12 }, (_, i) => `g${i}: guide(first: 100) { ${full} }`).join(' ')} }`;
    const res = await post(t, '/bus/graphql', costly);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors![0]!.message).toMatch(/cost/i);
  });

  it('gives no field suggestions on the bus in production', async () => {
    const res = await post(prod, '/bus/graphql', '{ guide { totlCount } }');
    expect(res.body.errors![0]!.message).toBe('Cannot query field "totlCount" on type "GuideConnection".');
  });
});
