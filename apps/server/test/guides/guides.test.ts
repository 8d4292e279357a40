import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Guide } from '@service-hall/contracts';

import { saveGuide } from '../../src/modules/guides/save-guide.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

const NODE = `id title keyword mainpic isRealease createUser createUserAccount createTime updateTime updateUser
  updateUserAccount state guideStepList { listId context guideId stepNo stepTitle guideStepAppList {
  listAppId appId appCode appName appTag appUrl guideId guideStepId } }`;
const QUERY = `query G($first: Int, $offset: Int, $id: String, $title: String, $stepTitle: String, $context: String,
  $keyword: String, $isRealease: Boolean, $state: Int, $appId: [String], $appTag: String, $appName: String,
  $appCode: [String]) {
  guide(first: $first, offset: $offset, id: $id, title: $title, stepTitle: $stepTitle, context: $context,
    keyword: $keyword, isRealease: $isRealease, state: $state, appId: $appId, appTag: $appTag, appName: $appName,
    appCode: $appCode) { totalCount edges { node { ${NODE} } } }
}`;

const EVIL = `<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)>
  <a href="javascript:alert(1)">js</a><a href="data:text/html;base64,PHNjcmlwdD4=">data</a>
  <a href=" JaVaScRiPt:alert(1)">spaced</a><svg onload=alert(1)><script>1</script></svg>
  <iframe srcdoc="<script>alert(1)</script>"></iframe><style>body{display:none}</style>
  <a href="https://ok.demo.edu.cn" target="_blank">ok</a><strong>bold</strong></p>`;

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|<svg|<iframe|<style|<img|onerror|onclick|onload|javascript:|data:|srcdoc/i);
  expect(html).toContain('<a href="https://ok.demo.edu.cn" target="_blank" rel="noopener noreferrer">ok</a>');
  expect(html).toContain('<strong>bold</strong>');
}

describe.each(testDialects())('guide bus on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}, account = 'zhangsan', app = t) => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/bus/graphql',
      headers: await app.auth(account),
      payload: { query, variables },
    });
    return {
      status: res.statusCode,
      body: res.json() as {
        data?: { guide: { totalCount: number; edges: Array<{ node: Guide }> } };
        errors?: Array<{ message: string; extensions?: { ecode?: string } }>;
      },
    };
  };
  const ids = async (variables: Record<string, unknown>, account = 'zhangsan') => {
    const { body } = await gql(QUERY, variables, account);
    expect(body.errors).toBeUndefined();
    return body.data!.guide.edges.map((e) => e.node.id).sort();
  };

  it('returns published guides with steps and step apps, in every field', async () => {
    const { status, body } = await gql(QUERY, { id: 'guide-leave' });
    expect(status).toBe(200);
    const { totalCount, edges } = body.data!.guide;
    expect(totalCount).toBe(1);
    const g = edges[0]!.node;
    expect(g).toMatchObject({
      id: 'guide-leave',
      title: '请假与销假流程',
      isRealease: true,
      state: 1,
      createUserAccount: 'admin',
    });
    expect(g.guideStepList.map((s) => s.stepNo)).toEqual([1, 2, 3]);
    expect(g.guideStepList[0]!.guideStepAppList[0]).toEqual({
      listAppId: 'guide-leave-s1-a1',
      appId: 'app-leave',
      appCode: 'leave',
      appName: '请假申请',
      appTag: '学生服务,常用,学生',
      appUrl: '/workflow/apply?code=leave',
      guideId: 'guide-leave',
      guideStepId: 'guide-leave-s1',
    });
    expect(g.guideStepList[0]!.context).toContain('<strong>请假申请</strong>');
  });

  it('pages with first and offset; hides the draft from non-admins', async () => {
    const all = await gql(QUERY, { first: 100 });
    expect(all.body.data!.guide.totalCount).toBe(6);
    const page = await gql(QUERY, { first: 2, offset: 4 });
    expect(page.body.data!.guide.totalCount).toBe(6);
    expect(page.body.data!.guide.edges.map((e) => e.node.id)).toEqual(
      all.body.data!.guide.edges.slice(4, 6).map((e) => e.node.id),
    );
    expect((await gql(QUERY, {})).body.data!.guide.edges.length).toBe(6);
    expect((await gql(QUERY, { first: 100 }, 'admin')).body.data!.guide.totalCount).toBe(7);
    expect(await ids({ state: 0 })).toEqual([]);
    expect(await ids({ isRealease: false })).toEqual([]);
    expect(await ids({ id: 'guide-graduation-draft' })).toEqual([]);
    expect(await ids({ state: 0 }, 'admin')).toEqual(['guide-graduation-draft']);
    expect(await ids({ isRealease: false }, 'admin')).toEqual(['guide-graduation-draft']);
  });

  it('refuses first above 100 or a negative offset', async () => {
    for (const v of [{ first: 101 }, { offset: -1 }, { first: 0 }]) {
      const { body } = await gql(QUERY, v);
      expect(body.errors?.[0]?.extensions?.ecode).toBe('VALIDATION_FAILED');
    }
  });

  it('filters by title, stepTitle, context and keyword, case-insensitively', async () => {
    expect(await ids({ title: '报销' })).toEqual(['guide-reimburse']);
    expect(await ids({ title: 'LIBRARY' })).toEqual(['guide-library']);
    expect(await ids({ stepTitle: '销假' })).toEqual(['guide-leave']);
    expect(await ids({ context: '研修间' })).toEqual(['guide-library']);
    expect(await ids({ keyword: '差旅' })).toEqual(['guide-reimburse', 'guide-trip']);
    // LIKE wildcards are literal.
    expect(await ids({ title: '%' })).toEqual([]);
    expect(await ids({ title: '_' })).toEqual([]);
  });

  it('filters by the apps of the steps and combines filters with AND', async () => {
    expect(await ids({ appId: ['app-reimburse'] })).toEqual(['guide-reimburse', 'guide-trip']);
    expect(await ids({ appCode: ['vehicle', 'tuition'] })).toEqual(['guide-freshman', 'guide-trip']);
    expect(await ids({ appTag: '图书服务' })).toEqual(['guide-library']);
    expect(await ids({ appName: '报修' })).toEqual(['guide-dorm-repair']);
    expect(await ids({ keyword: '报销', appCode: ['vehicle'] })).toEqual(['guide-trip']);
    expect(await ids({ keyword: '报销', appCode: ['vehicle'], state: 1, isRealease: true, title: '出差' })).toEqual([
      'guide-trip',
    ]);
    expect(await ids({ keyword: '报销', appCode: ['library-card'] })).toEqual([]);
  });

  it('answers in English with Accept-Language: en', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bus/graphql',
      headers: { ...(await t.auth('zhangsan')), 'accept-language': 'en' },
      payload: { query: QUERY, variables: { id: 'guide-leave' } },
    });
    const g = (res.json() as { data: { guide: { edges: Array<{ node: Guide }> } } }).data.guide.edges[0]!.node;
    expect(g.title).toBe('Leave and Return');
    expect(g.guideStepList[0]!.guideStepAppList[0]!.appName).toBe('Leave Request');
    // Authors are named in English too, not as the Chinese name stored on the row.
    expect(g.updateUser).not.toMatch(/\p{Script=Han}/u);
  });

  it('sanitises step HTML on save', async () => {
    await saveGuide(
      t.ctx.db,
      {
        id: 'guide-evil',
        title: '恶意指南',
        keyword: 'evil',
        mainpic: '',
        state: 1,
        steps: [{ title: '第一步', html: EVIL, apps: ['leave'] }],
      },
      { name: '管理员', account: 'admin' },
      t.ctx.now(),
    );
    const row = await t.ctx.db
      .selectFrom('guide_steps')
      .select('context')
      .where('guide_id', '=', 'guide-evil')
      .executeTakeFirstOrThrow();
    expectClean(row.context);
  });

  it('sanitises step HTML again on output', async () => {
    await t.ctx.db
      .insertInto('guides')
      .values({
        id: 'guide-raw',
        title: '直接写入',
        title_en: '',
        keyword: '',
        mainpic: '',
        is_release: 1,
        state: 1,
        pinyin: '',
        initials: '',
        create_user: '',
        create_user_account: '',
        create_time: 1,
        update_time: 1,
        update_user: '',
        update_user_account: '',
      })
      .execute();
    await t.ctx.db
      .insertInto('guide_steps')
      .values({
        id: 'guide-raw-s1',
        guide_id: 'guide-raw',
        step_no: 1,
        step_title: 'x',
        step_title_en: '',
        context: EVIL,
        context_en: '',
      })
      .execute();
    const { body } = await gql(QUERY, { id: 'guide-raw' });
    expectClean(body.data!.guide.edges[0]!.node.guideStepList[0]!.context);
  });

  it('limits depth and aliases, and needs a token', async () => {
    const deep = `{ guide { edges { node { guideStepList { guideStepAppList { a { b { c { d { e { f { g { h } } } } } } } } } } } } }`;
    const d = await gql(deep);
    expect(d.body.errors?.map((e) => e.message).join(' ')).toMatch(/depth/i);
    const aliases = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: guide { totalCount }`).join(' ')} }`;
    const a = await gql(aliases);
    expect(a.body.errors?.map((e) => e.message).join(' ')).toMatch(/alias/i);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/bus/graphql',
      payload: { query: '{ guide { totalCount } }' },
    });
    expect(anon.statusCode).toBe(401);
    const noScope = await t.app.inject({
      method: 'POST',
      url: '/bus/graphql',
      headers: await t.auth('zhangsan', 'openid profile'),
      payload: { query: '{ guide { totalCount } }' },
    });
    expect(noScope.statusCode).toBe(403);
  });

  it('allows introspection in development only', async () => {
    const q = '{ __schema { queryType { name } } }';
    expect((await gql(q)).body).toMatchObject({ data: { __schema: { queryType: { name: 'Query' } } } });
    const prod = await createTestApp({ dialect, env: { NODE_ENV: 'production' } });
    try {
      const res = await gql(q, {}, 'zhangsan', prod);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors?.[0]?.message).toMatch(/introspection/i);
      expect((await gql('{ guide { totalCount } }', {}, 'zhangsan', prod)).body.data?.guide.totalCount).toBe(6);
    } finally {
      await prod.close();
    }
  });
});
