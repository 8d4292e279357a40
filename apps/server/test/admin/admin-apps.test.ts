import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SearchGuideResult } from '@service-hall/contracts';

import { translate } from '../../src/i18n/catalogue.ts';
import { createApp } from '../../src/modules/admin/apps/create-app.ts';
import { editApp } from '../../src/modules/admin/apps/edit-app.ts';
import { reorderRecommendedApps } from '../../src/modules/admin/apps/reorder-apps.ts';
import { retireApp } from '../../src/modules/admin/apps/retire-app.ts';
import { adminAs, auditOf, refusal } from '../helpers/admin-helpers.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

const repairApp = {
  code: 'net-repair',
  name: '网络报修',
  name_en: 'Network repair',
  department: '信息化中心',
  department_en: 'IT Centre',
  tags: ['后勤服务'],
  tags_en: ['Logistics'],
  icon: 'WifiOutlined',
  kind: 'external',
  uri: 'https://repair.demo.edu.cn/',
  recommend: 0,
};

describe.each(testDialects())('administering apps on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (keyword: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/manage/searchGuide?keyword=${encodeURIComponent(keyword)}`,
      headers: await t.auth('zhangsan'),
    });
    return (res.json() as { t: SearchGuideResult }).t;
  };
  const catalogueCodes = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/apps', headers: await t.auth('zhangsan') });
    return (res.json() as { entities: Array<{ code: string; firstLetter: string; initials: string }> }).entities;
  };

  it('creates an app with pinyin keys computed, audited, and found by members at once', async () => {
    const ctx = await adminAs(t, 'admin', 'req-1');
    // Warm the member caches first, so the test shows they are refreshed rather than built late.
    expect(JSON.stringify(await search('wlbx'))).not.toContain('网络报修');
    const id = await createApp(ctx, repairApp);
    const row = await t.ctx.db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.first_letter, row.initials, row.pinyin]).toEqual(['W', 'wlbx', 'wangluobaoxiu']);
    expect(JSON.stringify(await search('wlbx'))).toContain('网络报修');
    expect((await catalogueCodes()).find((a) => a.code === 'net-repair')).toMatchObject({ firstLetter: 'W' });
    const [audit] = await auditOf(t, id);
    expect(audit).toMatchObject({ action: 'app.create', actor_account: 'admin', request_id: 'req-1', before: null });
    expect(audit!.after).toMatchObject({ code: 'net-repair', name: '网络报修' });
  });

  it('refuses a duplicate code with its own ecode and a message in both languages, saving nothing', async () => {
    const ctx = await adminAs(t, 'admin');
    const before = await t.ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const err = await refusal(createApp(ctx, { ...repairApp, name: '另一个' }));
    expect([err.ecode, err.status]).toEqual(['APP_CODE_TAKEN', 409]);
    expect(translate(err.messageKey, 'zh', err.params)).toBe('事项编码“net-repair”已被使用');
    expect(translate(err.messageKey, 'en', err.params)).toBe('The app code "net-repair" is already in use');
    const after = await t.ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after!.n)).toBe(Number(before!.n));
  });

  it('names each bad field: a built-in app without a definition, an external one without an address', async () => {
    const ctx = await adminAs(t, 'admin');
    const a = await refusal(createApp(ctx, { code: 'x1', name: '甲', kind: 'builtin' }));
    expect(a.ecode).toBe('VALIDATION_FAILED');
    expect(a.details?.map((d) => d.field)).toEqual(['definition_code']);
    const b = await refusal(
      createApp(ctx, { code: 'Bad Code', name: '', kind: 'external', uri: 'javascript:alert(1)' }),
    );
    expect(b.details?.map((d) => d.field).sort()).toEqual(['code', 'name', 'uri']);
  });

  it('edits a name: pinyin recomputed, before and after audited, search follows', async () => {
    const ctx = await adminAs(t, 'admin');
    const id = (
      await t.ctx.db.selectFrom('apps').select('id').where('code', '=', 'net-repair').executeTakeFirstOrThrow()
    ).id;
    await editApp(ctx, id, { name: '校园网报修' });
    expect(JSON.stringify(await search('xywbx'))).toContain('校园网报修');
    const audits = await auditOf(t, id);
    expect(audits.at(-1)).toMatchObject({
      action: 'app.edit',
      before: { name: '网络报修' },
      after: { name: '校园网报修' },
    });
  });

  it('lets an app administrator edit their own app only, and never create or retire one', async () => {
    const wangwu = await adminAs(t, 'wangwu');
    await editApp(wangwu, 'app-leave', { description: '请假说明' });
    const other = await refusal(editApp(wangwu, 'app-reimburse', { description: 'x' }));
    expect([other.ecode, other.messageKey]).toEqual(['FORBIDDEN', 'ADMIN_FORBIDDEN']);
    expect((await refusal(createApp(wangwu, { ...repairApp, code: 'mine' }))).ecode).toBe('FORBIDDEN');
    expect((await refusal(retireApp(wangwu, 'app-leave'))).ecode).toBe('FORBIDDEN');
    const student = await adminAs(t, 'zhangsan');
    expect((await refusal(editApp(student, 'app-leave', { description: 'x' }))).ecode).toBe('FORBIDDEN');
  });

  it('refuses to change the code of an app that processes use', async () => {
    const ctx = await adminAs(t, 'admin');
    const err = await refusal(editApp(ctx, 'app-leave', { code: 'leave2' }));
    expect([err.ecode, err.params]).toEqual(['APP_CODE_IN_USE', { code: 'leave' }]);
    const row = await t.ctx.db
      .selectFrom('apps')
      .select('code')
      .where('id', '=', 'app-leave')
      .executeTakeFirstOrThrow();
    expect(row.code).toBe('leave');
  });

  it('refuses to retire an app with open processes, retires one without, and the catalogue drops it', async () => {
    const ctx = await adminAs(t, 'admin');
    const open = await t.ctx.db
      .selectFrom('processes')
      .select('app_id')
      .where('status', '=', 'doing')
      .executeTakeFirstOrThrow();
    const err = await refusal(retireApp(ctx, open.app_id));
    expect(err.ecode).toBe('APP_HAS_OPEN_PROCESSES');
    expect(Number(err.params.count)).toBeGreaterThan(0);
    const id = (
      await t.ctx.db.selectFrom('apps').select('id').where('code', '=', 'net-repair').executeTakeFirstOrThrow()
    ).id;
    await retireApp(ctx, id);
    expect((await catalogueCodes()).some((a) => a.code === 'net-repair')).toBe(false);
    await retireApp(ctx, id, false);
    expect((await catalogueCodes()).some((a) => a.code === 'net-repair')).toBe(true);
    expect((await auditOf(t, id)).map((a) => a.action).slice(-2)).toEqual(['app.retire', 'app.restore']);
  });

  it('reorders the recommended apps: the listed ones in that order, the others no longer recommended', async () => {
    const ctx = await adminAs(t, 'admin');
    const id = (
      await t.ctx.db.selectFrom('apps').select('id').where('code', '=', 'net-repair').executeTakeFirstOrThrow()
    ).id;
    await reorderRecommendedApps(ctx, [id, 'app-leave']);
    const res = await t.app.inject({ method: 'GET', url: '/api/apps/recommended', headers: await t.auth('zhangsan') });
    const body = res.json() as { data?: Array<{ code: string }>; entities?: Array<{ code: string }> };
    expect((body.data ?? body.entities ?? []).map((a) => a.code)).toEqual(['net-repair', 'leave']);
    expect((await refusal(reorderRecommendedApps(ctx, ['app-leave', 'app-leave']))).messageKey).toBe(
      'ADMIN_REORDER_MISMATCH',
    );
  });
});
