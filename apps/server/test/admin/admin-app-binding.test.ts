import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

/**
 * Which system owns an app decides which system client may act for people on its processes, and the definition an
 * app runs decides who may publish that definition: both are bindings only a system administrator may hand out.
 */
describe.each(testDialects())('binding apps to systems and definitions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const put = async (who: string | { token: string }, id: string, payload: object, lang = 'en') => {
    const auth = typeof who === 'string' ? await t.auth(who) : { authorization: `Bearer ${who.token}` };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/apps/${id}`,
      payload,
      headers: { ...auth, 'accept-language': lang },
    });
    return {
      status: res.statusCode,
      body: res.statusCode === 204 || !res.body ? {} : (res.json() as { ecode?: string; error?: string }),
    };
  };
  const app = (id: string) =>
    t.ctx.db.selectFrom('apps').select(['system_id', 'definition_code']).where('id', '=', id).executeTakeFirstOrThrow();

  it('lets only a system administrator change the system of an app: members, app administrators and systems get 403', async () => {
    await registerSystemClient(t, { systemId: 'sys-cwxt', clientId: 'finance-bot' });
    const system = { token: await systemTokenFor(t, 'finance-bot') };
    // wangwu administers leave; the finance system's client would act for people on it once bound.
    for (const who of ['zhangsan', 'lisi', 'wangwu', system]) {
      const res = await put(who, 'app-leave', { system_id: 'sys-cwxt' });
      expect([res.status, res.body.ecode], JSON.stringify(who)).toEqual([403, 'FORBIDDEN']);
    }
    const zh = await put('wangwu', 'app-leave', { system_id: 'sys-cwxt' }, 'zh');
    expect(zh.body.error).toBe('只有系统管理员可以更改事项所属的业务系统');
    const en = await put('wangwu', 'app-leave', { system_id: 'sys-cwxt' });
    expect(en.body.error).toBe('Only a system administrator can change which system an app belongs to');
    expect((await app('app-leave')).system_id).toBeNull();
    // Sending the system it already has is no change, and the rest of the edit goes through.
    const same = await put('wangwu', 'app-leave', { system_id: null, description: '请假' });
    expect(same.status).toBeLessThan(300);

    const bound = await put('admin', 'app-leave', { system_id: 'sys-cwxt' });
    expect(bound.status).toBeLessThan(300);
    expect((await app('app-leave')).system_id).toBe('sys-cwxt');
    // Releasing is a change of system too.
    expect((await put('wangwu', 'app-leave', { system_id: null })).status).toBe(403);
    expect((await put('admin', 'app-leave', { system_id: null })).status).toBeLessThan(300);
    expect((await app('app-leave')).system_id).toBeNull();
  });

  it('answers 409 naming the owner when a system administrator moves an app straight to another system', async () => {
    const res = await put('admin', 'app-tuition', { system_id: 'sys-jwxt' });
    expect([res.status, res.body.ecode]).toEqual([409, 'CONFLICT']);
    expect(res.body.error).toBe('The app "tuition" belongs to the system "sys-cwxt"; remove it there first');
    expect((await app('app-tuition')).system_id).toBe('sys-cwxt');
    // Released first, then bound: two explicit edits.
    expect((await put('admin', 'app-tuition', { system_id: null })).status).toBeLessThan(300);
    expect((await put('admin', 'app-tuition', { system_id: 'sys-jwxt' })).status).toBeLessThan(300);
    expect((await app('app-tuition')).system_id).toBe('sys-jwxt');
  });

  it('refuses an app administrator pointing their app at a definition another app owns, or one nobody owns', async () => {
    const taken = await put('wangwu', 'app-leave', { definition_code: 'reimburse' });
    expect([taken.status, taken.body.ecode]).toEqual([403, 'FORBIDDEN']);
    expect(taken.body.error).toBe(
      'The definition "reimburse" belongs to the app "reimburse", which you do not administer',
    );
    expect((await app('app-leave')).definition_code).toBe('leave');
    // The owner of reimburse can still publish it: nobody else's app uses it.
    const users = await t.ctx.db.selectFrom('apps').select('code').where('definition_code', '=', 'reimburse').execute();
    expect(users.map((u) => u.code)).toEqual(['reimburse']);

    // A definition of their own other app, and a new code, are theirs to use.
    expect((await put('wangwu', 'app-leave', { definition_code: 'business-trip' })).status).toBeLessThan(300);
    expect((await put('wangwu', 'app-leave', { definition_code: 'leave-2027' })).status).toBeLessThan(300);
    // Leave's own definition now has versions and no app: it is the system administrators' again.
    const orphan = await put('wangwu', 'app-leave', { definition_code: 'leave' });
    expect([orphan.status, orphan.body.ecode]).toEqual([403, 'FORBIDDEN']);
    expect((await put('admin', 'app-leave', { definition_code: 'leave' })).status).toBeLessThan(300);
    // A system administrator may share a definition between apps.
    expect((await put('admin', 'app-business-trip', { definition_code: 'reimburse' })).status).toBeLessThan(300);
    expect((await app('app-business-trip')).definition_code).toBe('reimburse');
  });
});
