import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@service-hall/contracts';

import { pinyinKeys } from '../../src/text/pinyin.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

const APP_KEYS = [
  'id',
  'code',
  'name',
  'uri',
  'tags',
  'icon',
  'department',
  'abbreviation',
  'description',
  'recommend',
  'palette',
  'rating',
  'rated',
  'system',
  'processCounters',
  'firstLetter',
  'initials',
  'pinyin',
  'builtin',
  'ready',
  'visible',
  'release',
].sort();

describe.each(testDialects())('app catalogue on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const getApps = async (headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/apps',
      headers: { ...(await t.auth('zhangsan')), ...headers },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { errno: number; total: number; entities: App[] };
  };

  it('lists at least 40 apps with every field of App', async () => {
    const body = await getApps();
    expect(body.errno).toBe(0);
    expect(body.entities.length).toBeGreaterThanOrEqual(40);
    for (const app of body.entities) {
      expect(Object.keys(app).sort()).toEqual(APP_KEYS);
      expect(app.firstLetter).toMatch(/^([A-Z]|#)$/);
      expect(app.palette).toMatch(/^#[0-9a-f]{6}$/i);
      expect(app.icon).toMatch(/Outlined$/);
      expect(app.tags.split(',')[0]).toBeTruthy();
      expect(app.builtin).toBe(app.uri.includes('/workflow/apply?code='));
      if (app.builtin) expect(app.system).toEqual({ id: '', name: '' });
      else expect(app.system).toEqual({ id: expect.any(String), name: expect.any(String) });
    }
    expect(body.entities.filter((a) => a.recommend > 0).length).toBeGreaterThanOrEqual(12);
    expect(new Set(body.entities.map((a) => a.department)).size).toBeGreaterThanOrEqual(9);
  });

  it('computes first letters, initials and pinyin; ratings are rounded means', async () => {
    const { entities } = await getApps();
    const leave = entities.find((a) => a.code === 'leave')!;
    expect(leave).toMatchObject({
      name: '请假申请',
      firstLetter: 'Q',
      initials: 'qjsq',
      pinyin: 'qingjiashenqing',
      builtin: true,
    });
    // Absolute, for clients outside the portal.
    expect(leave.uri).toBe(`${t.config.publicUrl}/workflow/apply?code=leave`);
    expect(leave.rating).toBe(Math.round((2310 / 512) * 10) / 10);
    // 重 in 重修 reads chong, not zhong: pinyin-pro reads phrases.
    expect(entities.find((a) => a.code === 'retake')).toMatchObject({ firstLetter: 'C', initials: 'cxbm' });
    const unrated = entities.find((a) => a.rated === 0)!;
    expect(unrated.rating).toBe(0);
    expect(pinyinKeys('银行卡').pinyin).toBe('yinhangka');
  });

  it('sorts by first letter, then pinyin', async () => {
    const { entities } = await getApps();
    const letters = entities.map((a) => (a.firstLetter === '#' ? '~' : a.firstLetter));
    expect(letters).toEqual([...letters].sort());
  });

  it('has the eleven built-in apps with the engine codes', async () => {
    const { entities } = await getApps();
    const builtin = entities
      .filter((a) => a.builtin)
      .map((a) => a.code)
      .sort();
    expect(builtin).toEqual([
      'business-trip',
      'dorm-repair',
      'enrolment-certificate',
      'leave',
      'library-card',
      'meeting-room',
      'overtime',
      'reimburse',
      'seal',
      'vehicle',
      'visitor',
    ]);
  });

  it('answers in English with Accept-Language: en', async () => {
    const { entities } = await getApps({ 'accept-language': 'en-GB,en;q=0.9' });
    const leave = entities.find((a) => a.code === 'leave')!;
    expect(leave).toMatchObject({ name: 'Leave Request', department: 'Student Affairs Office' });
    expect(leave.tags.split(',')[0]).toBe('Student services');
    expect(leave.description).toMatch(/leave/i);
    expect(entities.find((a) => a.code === 'grades')!.system!.name).toBe('Academic System');
    // Grouping keys stay those of the Chinese name.
    expect(leave.initials).toBe('qjsq');
  });

  it('needs the app scope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/apps',
      headers: await t.auth('zhangsan', 'openid profile'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ecode: 'ACCESS_TOKEN_SCOPE_INVALID' });
    const anon = await t.app.inject({ method: 'GET', url: '/api/me/apps' });
    expect(anon.statusCode).toBe(401);
  });

  it('gives completed counters per app on /api/stats/apps', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/apps', headers: await t.auth('zhangsan') });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      errno: number;
      entities: Array<{ id: string; processCounters: { completed: number } }>;
    };
    expect(body.errno).toBe(0);
    // The catalogue seeds 1286 historical completions; demo processes completed by seed-processes add theirs.
    const leave = await t.ctx.db
      .selectFrom('apps')
      .select('completed')
      .where('id', '=', 'app-leave')
      .executeTakeFirstOrThrow();
    expect(Number(leave.completed)).toBeGreaterThanOrEqual(1286);
    expect(body.entities.find((e) => e.id === 'app-leave')).toEqual({
      id: 'app-leave',
      processCounters: { completed: Number(leave.completed) },
    });
    const noStats = await t.app.inject({
      method: 'GET',
      url: '/api/stats/apps',
      headers: await t.auth('zhangsan', 'openid app'),
    });
    expect(noStats.statusCode).toBe(403);
  });

  it('lists recommended apps by rank on both task-centre routes', async () => {
    const headers = await t.auth('lisi');
    const post = await t.app.inject({ method: 'POST', url: '/manage/apps/recommended', headers });
    const get = await t.app.inject({ method: 'GET', url: '/api/apps/recommended?domain=todoCenter', headers });
    expect(post.statusCode).toBe(200);
    expect(get.json()).toEqual(post.json());
    const { code, data } = post.json() as { code: number; data: App[] };
    expect(code).toBe(0);
    expect(data.length).toBeGreaterThanOrEqual(12);
    expect(data[0]!.code).toBe('leave');
    expect(data.every((a) => a.recommend > 0)).toBe(true);
    const ranks = data.map((a) => a.recommend);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it('seeds idempotently and serves the enterprise images', async () => {
    const { seedDemo } = await import('../../src/seed/seed-demo.ts');
    await seedDemo(t.ctx);
    const { total } = await getApps();
    const count = await t.ctx.db
      .selectFrom('apps')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(total);
    const admins = await t.ctx.db.selectFrom('app_admins').selectAll().where('user_id', '=', 'u-wangwu').execute();
    expect(admins.map((a) => a.app_id).sort()).toEqual(['app-business-trip', 'app-leave']);
    const img = await t.app.inject({ method: 'GET', url: '/static/demo/banner-index.svg' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(img.body).toContain('<svg');
  });
});
