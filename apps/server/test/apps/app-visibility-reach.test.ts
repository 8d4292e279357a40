import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Guide } from '@service-hall/contracts';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { countRows, leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

/**
 * The `visible` rule beyond the catalogue: an app hidden from a member cannot be started by them (nor for
 * them), and guides do not lead them to it — its links go, and so do steps that only pointed at it.
 */
describe.each(testDialects())('an app hidden from a member, on %s', (dialect) => {
  let t: TestApp;
  let leaveId = '';
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    leaveId = (await t.ctx.db.selectFrom('apps').select('id').where('code', '=', 'leave').executeTakeFirstOrThrow()).id;
    // 请假申请 for students only (zhangsan is a student, lisi a teacher).
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/apps/${leaveId}`,
      headers: await t.auth('admin'),
      payload: { visible: { roles: ['student'], departments: [] } },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to start it for a member who may not see it, in their language, creating nothing', async () => {
    const wf = workflowClient(t);
    const before = await countRows(t, 'processes');
    for (const [lang, text] of [
      ['en', 'This service is not offered to you'],
      ['zh', '该事项不对您开放'],
    ] as const) {
      const res = await wf.start('lisi', 'leave', leaveData, {
        'accept-language': lang,
        'idempotency-key': `hidden-${lang}`,
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ ecode: 'APP_NOT_VISIBLE', error: text });
    }
    // By its definition code too, and the apply form's definition read answers the same.
    const def = await wf.call('lisi', 'GET', '/api/definitions/leave');
    expect([def.statusCode, def.json().ecode]).toEqual([403, 'APP_NOT_VISIBLE']);
    expect(await countRows(t, 'processes')).toBe(before);
    // A student may; so may an administrator starting it for a student, but not for the teacher.
    const own = await wf.start('zhangsan', 'leave', leaveData);
    expect(own.statusCode, own.body).toBe(200);
    expect(
      (
        await wf.call('admin', 'PUT', '/api/process', {
          code: 'leave',
          data: JSON.stringify(leaveData),
          userId: 'liuxiaoming',
        })
      ).statusCode,
    ).toBe(200);
    const forTeacher = await wf.call(
      'admin',
      'PUT',
      '/api/process',
      { code: 'leave', data: JSON.stringify(leaveData), userId: 'lisi' },
      { 'accept-language': 'en' },
    );
    expect([forTeacher.statusCode, forTeacher.json().ecode, forTeacher.json().error]).toEqual([
      403,
      'APP_NOT_VISIBLE',
      'This service is not offered to 李四',
    ]);
    expect(await countRows(t, 'processes')).toBe(before + 2);
  });

  const guideQuery = `query G($id: String) { guide(id: $id) { totalCount edges { node { id
    guideStepList { stepTitle guideStepAppList { appCode } } } } } }`;
  const leaveGuide = async (account: string, lang = 'zh') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bus/graphql',
      headers: { ...(await t.auth(account)), 'accept-language': lang },
      payload: { query: guideQuery, variables: { id: 'guide-leave' } },
    });
    return (res.json() as { data: { guide: { edges: Array<{ node: Guide }> } } }).data.guide.edges[0]!.node;
  };
  const steps = (g: Guide) => g.guideStepList.map((s) => [s.stepTitle, s.guideStepAppList.map((a) => a.appCode)]);

  it('leaves the hidden app out of guides: its links and the steps that only led to it', async () => {
    // The leave guide: 提交请假申请 (leave), 等待审批 (no app), 返校销假 (leave).
    expect(steps(await leaveGuide('zhangsan'))).toEqual([
      ['提交请假申请', ['leave']],
      ['等待审批', []],
      ['返校销假', ['leave']],
    ]);
    expect(steps(await leaveGuide('lisi'))).toEqual([['等待审批', []]]);
  });

  it('keeps a step that links another app too, without the hidden link, in search as in the guide bus', async () => {
    // A guide step linking both a hidden and a visible app keeps the visible one.
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/admin/guides',
      headers: await t.auth('admin'),
      payload: {
        title: '请假与证明',
        keyword: 'qjzm',
        steps: [{ title: '办理', apps: ['leave', 'enrolment-certificate'] }],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const id = (save.json() as { entities: Array<{ id: string }> }).entities[0]!.id;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/guides/${id}/publish`,
          headers: await t.auth('admin'),
          payload: { published: true },
        })
      ).statusCode,
    ).toBe(200);
    const found = async (account: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/manage/searchGuide?keyword=${encodeURIComponent('请假与证明')}`,
        headers: await t.auth(account),
      });
      const guide = (res.json() as { t: { guideList: Guide[] } }).t.guideList.find((g) => g.id === id)!;
      return steps(guide);
    };
    expect(await found('zhangsan')).toEqual([['办理', ['leave', 'enrolment-certificate']]]);
    expect(await found('lisi')).toEqual([['办理', ['enrolment-certificate']]]);
  });
});
