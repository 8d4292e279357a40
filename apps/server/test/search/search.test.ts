import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SearchGuideResult } from '@service-hall/contracts';

import type { Db } from '../../src/db/database.ts';
import { bumpCatalogueVersion } from '../../src/modules/apps/catalogue-version.ts';
import { searchCatalogue } from '../../src/modules/search/search-service.ts';
import { pinyinKeys } from '../../src/text/pinyin.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

/** Inserts apps directly (no API creates apps), in chunks that stay under both databases' parameter limits. */
async function insertApps(db: Db, names: string[], prefix: string): Promise<void> {
  const rows = names.map((name, i) => {
    const k = pinyinKeys(name);
    return {
      id: `${prefix}-${i}`,
      code: `${prefix}-${i}`,
      name,
      name_en: '',
      uri: 'https://x.demo.edu.cn',
      tags: '测试服务',
      tags_en: '',
      icon: 'AppstoreOutlined',
      department: '测试处',
      department_en: '',
      abbreviation: '',
      description: '',
      description_en: '',
      recommend: 0,
      palette: '#1677ff',
      rating_sum: 0,
      rated: 0,
      completed: 0,
      system_id: null,
      definition_code: null,
      first_letter: k.firstLetter,
      initials: k.initials,
      pinyin: k.pinyin,
      enabled: 1,
      created_at: 0,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('apps')
      .values(rows.slice(i, i + 500))
      .execute();
  bumpCatalogueVersion(db);
}

/** A published guide row with every column. */
const guideRow = (id: string, title: string, updateTime: number) => ({
  id,
  title,
  title_en: '',
  keyword: '',
  mainpic: '',
  is_release: 1,
  state: 1,
  pinyin: '',
  initials: '',
  create_user: '',
  create_user_account: '',
  create_time: 0,
  update_time: updateTime,
  update_user: '',
  update_user_account: '',
});

describe.each(testDialects())('search on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (keyword: string, account = 'zhangsan', headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/manage/searchGuide?keyword=${encodeURIComponent(keyword)}`,
      headers: { ...(await t.auth(account)), ...headers },
    });
    return { status: res.statusCode, body: res.json() as { code: number; t: SearchGuideResult } };
  };
  const appCodes = async (keyword: string) => (await search(keyword)).body.t.appList.map((a) => a.code);

  it('finds 请假申请 by initials, full pinyin and Chinese, case-insensitively', async () => {
    const res = await search('qjsq');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.t.appList[0]!.code).toBe('leave');
    expect((await appCodes('QingJia'))[0]).toBe('leave');
    expect((await appCodes('请假'))[0]).toBe('leave');
    expect((await search('请假')).body.t.guideList.map((g) => g.id)).toContain('guide-leave');
  });

  it('returns the characters a pinyin keyword matched in tokenList, so the browser can highlight them', async () => {
    expect((await search('qjsq')).body.t.tokenList).toEqual(expect.arrayContaining(['qjsq', '请假申请']));
    expect((await search('qingjia')).body.t.tokenList).toContain('请假');
    expect((await search('请假')).body.t.tokenList).toEqual(['请假']);
  });

  it('finds apps by department, tag, description and English name', async () => {
    expect(await appCodes('图书馆')).toEqual(expect.arrayContaining(['library-card', 'book-renewal', 'study-room']));
    expect(await appCodes('科研服务')).toEqual(expect.arrayContaining(['project-application', 'research-funds']));
    expect(await appCodes('盗刷')).toEqual(['card-loss']);
    expect((await appCodes('leave request'))[0]).toBe('leave');
    expect(await appCodes('Student Affairs Office')).toContain('scholarship');
  });

  it('ranks exact matches first, then prefix, then contains', async () => {
    await insertApps(t.ctx.db, ['网络测速', '测速工具', '测速'], 'rank');
    expect((await appCodes('测速')).slice(0, 3)).toEqual(['rank-2', 'rank-1', 'rank-0']);
  });

  it('splits the keyword into words and matches on most of them', async () => {
    const { t: result } = (await search('请假申请流程')).body;
    expect(result.tokenList).toEqual(['请假', '申请', '流程']);
    expect(result.appList[0]!.code).toBe('leave');
    expect((await search('报销, 发票！')).body.t.tokenList).toEqual(['报销', '发票']);
    expect((await search('vpn')).body.t.tokenList).toEqual(['vpn']);
  });

  it('answers in English and finds guides by step text', async () => {
    const res = await search('销假', 'zhangsan', { 'accept-language': 'en' });
    expect(res.body.t.guideList[0]).toMatchObject({ id: 'guide-leave', title: 'Leave and Return' });
    expect((await search('24 小时')).body.t.guideList.map((g) => g.id)).toEqual(['guide-leave']);
  });

  it('shows drafts to admins only', async () => {
    expect((await search('毕业离校')).body.t.guideList).toEqual([]);
    expect((await search('毕业离校', 'admin')).body.t.guideList.map((g) => g.id)).toEqual(['guide-graduation-draft']);
  });

  it('returns empty lists for an empty keyword and refuses a 10 KB one', async () => {
    expect((await search('')).body.t).toEqual({ appList: [], guideList: [], tokenList: [] });
    const huge = await search('请'.repeat(10 * 1024));
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ ecode: 'VALIDATION_FAILED' });
  });

  it('answers from its index over 2,000 apps and 5,000 guides, without reading the catalogue again', async () => {
    const db = t.ctx.db;
    const words = ['学生', '教师', '财务', '后勤', '图书', '网络', '科研', '国际', '宿舍', '证明'];
    await insertApps(
      db,
      Array.from({ length: 2000 }, (_, i) => `${words[i % 10]}服务事项${i}`),
      'bulk',
    );
    const guides = Array.from({ length: 5000 }, (_, i) => ({
      ...guideRow(`bulk-g${i}`, `${words[i % 10]}办事指南${i}`, i),
      keyword: words[(i + 3) % 10]!,
    }));
    for (let i = 0; i < guides.length; i += 500)
      await db
        .insertInto('guides')
        .values(guides.slice(i, i + 500))
        .execute();
    const steps = guides.flatMap((g, i) =>
      [1, 2].map((n) => ({
        id: `${g.id}-s${n}`,
        guide_id: g.id,
        step_no: n,
        step_title: `第${n}步`,
        step_title_en: '',
        context_en: '',
        context: `<p>请登录<strong>${words[(i + n) % 10]}系统</strong>办理</p>`,
      })),
    );
    for (let i = 0; i < steps.length; i += 500)
      await db
        .insertInto('guide_steps')
        .values(steps.slice(i, i + 500))
        .execute();
    bumpCatalogueVersion(db);

    const headers = await t.auth('zhangsan');
    const keywords = ['科研', 'qjsq', '宿舍证明', 'bgzn'];
    await searchCatalogue(db, 'warm', 'zh', false, { id: 'bench', roles: [] }); // builds the index
    // Searching is answered from the index built once per catalogue version, whatever the catalogue's size: the
    // statements are counted, not timed (performance belongs to `npm run bench`). A search reads the catalogue's
    // version and, by id, the ≤ 20 guides it shows with their steps and apps: never a whole table.
    const statements: string[] = [];
    const stop = t.database.observeStatements!((sql) => statements.push(sql));
    try {
      for (let i = 0; i < 20; i++) await searchCatalogue(db, keywords[i % 4]!, 'zh', false, { id: 'bench', roles: [] });
      for (let i = 0; i < 20; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/manage/searchGuide?keyword=${encodeURIComponent(keywords[i % 4]!)}`,
          headers,
        });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      stop();
    }
    // Only the catalogue's statements are judged: the app's periodic work (grant and stream sweeps, WAL checkpoints)
    // runs on the same connection and lands in this window when the machine is slow.
    const catalogue = statements.filter((sql) =>
      /(from|join) "(apps|guides|guide_steps|guide_step_apps|catalogue_version)"/.test(sql),
    );
    expect(catalogue.length).toBeLessThanOrEqual(40 * 4);
    expect(
      catalogue.filter((sql) => !/ where "?[a-z_.]+"?\.?"?[a-z_]*"? (=|in) /.test(sql)),
      'a statement that reads a whole table',
    ).toEqual([]);
    expect(
      catalogue.filter((sql) => (sql.match(/\?/g) ?? []).length > 20),
      'a statement over more than 20 rows',
    ).toEqual([]);
    const res = await search('财务办事指南42');
    expect(res.body.t.guideList[0]!.id).toBe('bulk-g42');
    expect(res.body.t.appList.length).toBeLessThanOrEqual(50);
  });
});
