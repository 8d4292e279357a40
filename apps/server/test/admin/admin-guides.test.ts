import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SearchGuideResult } from '@service-hall/contracts';

import { openDatabase } from '../../src/db/database.ts';
import { cliSubject } from '../../src/modules/admin/admin-context.ts';
import { createApp } from '../../src/modules/admin/apps/create-app.ts';
import { publishGuide, saveAdminGuide } from '../../src/modules/admin/guides/save-admin-guide.ts';
import { exportApps } from '../../src/modules/admin/imports/export-apps.ts';
import { importApps } from '../../src/modules/admin/imports/import-apps.ts';
import { adminAs, auditOf, refusal } from '../helpers/admin-helpers.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

const guide = {
  title: '宿舍网络报修指南',
  keyword: '网络',
  steps: [
    {
      title: '提交报修',
      html: '<p>填写<strong>报修单</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
      apps: ['leave'],
    },
  ],
};

describe.each(testDialects())('guides and app files on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });
  const searchGuides = async (keyword: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/manage/searchGuide?keyword=${encodeURIComponent(keyword)}`,
      headers: await t.auth('zhangsan'),
    });
    return JSON.stringify((res.json() as { t: SearchGuideResult }).t);
  };

  it('saves a guide as a draft with its rich text sanitised, and publishes it to members', async () => {
    const ctx = await adminAs(t, 'admin');
    const saved = await saveAdminGuide(ctx, guide);
    expect(saved.sanitised).toBe(true);
    const step = await t.ctx.db
      .selectFrom('guide_steps')
      .select('context')
      .where('guide_id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(step.context).toBe('<p>填写<strong>报修单</strong></p>');
    const row = await t.ctx.db
      .selectFrom('guides')
      .select(['state', 'initials'])
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 0, initials: 'sswlbxzn' });
    await publishGuide(ctx, saved.id, true);
    expect(await searchGuides('ssw')).toContain('宿舍网络报修指南');
    await publishGuide(ctx, saved.id, false);
    expect((await auditOf(t, saved.id)).map((a) => a.action)).toEqual([
      'guide.create',
      'guide.publish',
      'guide.unpublish',
    ]);
  });

  it('lets an app administrator write guides of their apps only', async () => {
    const wangwu = await adminAs(t, 'wangwu');
    const own = await saveAdminGuide(wangwu, guide);
    await publishGuide(wangwu, own.id, true);
    const other = await refusal(
      saveAdminGuide(wangwu, { ...guide, steps: [{ ...guide.steps[0], apps: ['leave', 'reimburse'] }] }),
    );
    expect([other.ecode, other.messageKey]).toEqual(['FORBIDDEN', 'ADMIN_FORBIDDEN']);
    const unlinked = await refusal(saveAdminGuide(wangwu, { ...guide, steps: [{ title: 'x', html: '', apps: [] }] }));
    expect(unlinked.ecode).toBe('FORBIDDEN');
    // The admin's guide linking reimburse cannot be taken over by relinking it to wangwu's app.
    const admins = await saveAdminGuide(await adminAs(t, 'admin'), {
      ...guide,
      steps: [{ title: 'x', html: '', apps: ['reimburse'] }],
    });
    expect((await refusal(saveAdminGuide(wangwu, guide, admins.id))).ecode).toBe('FORBIDDEN');
    expect((await refusal(publishGuide(wangwu, admins.id, true))).ecode).toBe('FORBIDDEN');
    expect(
      (await refusal(saveAdminGuide(wangwu, { ...guide, steps: [{ title: 'x', apps: ['no-such'] }] }))).messageKey,
    ).toBe('ADMIN_APP_NOT_FOUND');
  });

  it('exports the catalogue and imports it back unchanged; a changed file updates by code in one go', async () => {
    const ctx = await adminAs(t, 'admin');
    const file = await exportApps(ctx);
    expect(file.apps.length).toBeGreaterThan(10);
    expect(await importApps(ctx, file, { dryRun: false })).toMatchObject({
      applied: true,
      created: 0,
      changed: 0,
      errors: 0,
    });
    const leave = file.apps.find((a) => a.code === 'leave')!;
    const edited = {
      ...file,
      apps: [
        { ...leave, name: '请假' },
        { ...leave, code: 'leave-copy', retired: true },
      ],
    };
    const dry = await importApps(ctx, edited, { dryRun: true });
    expect(dry.rows.map((r) => [r.key, r.outcome, r.changes])).toEqual([
      ['leave', 'change', ['name']],
      ['leave-copy', 'create', []],
    ]);
    const bad = await importApps(
      ctx,
      { ...edited, apps: [...edited.apps, { ...leave, retired: true }] },
      { dryRun: false },
    );
    expect(bad.rows.at(-1)!.errors.map((e) => e.reason)).toEqual(['CSV_ROW_DUPLICATE', 'APP_HAS_OPEN_PROCESSES']);
    expect(bad.applied).toBe(false);
    expect(await importApps(ctx, edited, { dryRun: false })).toMatchObject({ applied: true, created: 1, changed: 1 });
    const rows = await t.ctx.db
      .selectFrom('apps')
      .select(['code', 'name', 'enabled', 'initials'])
      .where('code', 'in', ['leave', 'leave-copy'])
      .orderBy('code')
      .execute();
    expect(rows).toEqual([
      { code: 'leave', name: '请假', enabled: 1, initials: 'qj' },
      { code: 'leave-copy', name: '请假申请', enabled: 0, initials: 'qjsq' },
    ]);
    expect((await refusal(importApps(ctx, { apps: [] }, { dryRun: true }))).messageKey).toBe('APPS_JSON_INVALID');
  });

  it('shows an app created through another connection (another instance, the CLI) to members within seconds', async () => {
    expect(await searchGuides('tsgyy')).not.toContain('图书馆预约');
    const other = await openDatabase(t.config.databaseUrl);
    try {
      await createApp(
        { db: other.db, now: () => t.ctx.now(), actor: cliSubject() },
        { code: 'library-booking', name: '图书馆预约', kind: 'external', uri: 'https://lib.demo.edu.cn/' },
      );
    } finally {
      await other.close();
    }
    await expect.poll(() => searchGuides('tsgyy'), { timeout: 5_000, interval: 200 }).toContain('图书馆预约');
  });
});
