import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resolveActingUser } from '../../src/auth/acting-user.ts';
import type { AuthUser } from '../../src/auth/auth-user.ts';
import { loadConfig } from '../../src/config.ts';
import { AppError } from '../../src/platform/app-error.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The userId rule (auth/acting-user.ts) on its own, with callers built by hand — including a system client's, whose
// tokens the compatible token endpoint issues (tested end to end there).

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;

const caller = (over: Partial<AuthUser> & Pick<AuthUser, 'id' | 'account'>): AuthUser => ({
  name: over.account,
  email: '',
  roles: [],
  scopes: new Set(['task']),
  ...over,
});

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return { ecode: (e as AppError).ecode, status: (e as AppError).status };
};

describe('resolveActingUser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    await t.ctx.db
      .insertInto('delegations')
      .values({
        id: 'd-unit',
        from_user_id: 'u-lisi',
        to_user_id: 'u-zhoujiu',
        app_id: 'app-leave',
        start_at: NOW - DAY,
        end_at: NOW + DAY,
        created_at: NOW - DAY,
        deleted_at: null,
      })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const resolve = (who: AuthUser, userId: string | undefined, appId?: string) =>
    resolveActingUser(t.ctx.db, who, userId, { now: NOW, ...(appId ? { appId } : {}) });
  const lisi = caller({ id: 'u-lisi', account: 'lisi' });
  const system = caller({
    id: 'client-jwxt',
    account: 'client-jwxt',
    system: { id: 'sys-jwxt', name: '教务系统', clientId: 'jwxt' },
  });

  it('is a no-op for no userId, my id or my account', async () => {
    for (const userId of [undefined, '', 'u-lisi', 'lisi']) {
      const r = await resolve(lisi, userId);
      expect(r).toMatchObject({ mode: 'self', appIds: null });
      expect(r.user).toBe(lisi);
    }
  });

  it('lets an active delegate act for the delegator on the delegated apps only', async () => {
    const zhoujiu = caller({ id: 'u-zhoujiu', account: 'zhoujiu' });
    expect(await resolve(zhoujiu, 'lisi')).toMatchObject({
      mode: 'delegate',
      appIds: ['app-leave'],
      user: { id: 'u-lisi', account: 'lisi' },
    });
    expect(await resolve(zhoujiu, 'u-lisi', 'app-leave')).toMatchObject({ mode: 'delegate', appIds: ['app-leave'] });
    expect(await refusal(resolve(zhoujiu, 'lisi', 'app-reimburse'))).toEqual({
      ecode: 'USER_ID_FORBIDDEN',
      status: 403,
    });
    // The delegation is lisi's to zhoujiu, not the other way round.
    expect(await refusal(resolve(lisi, 'zhoujiu'))).toEqual({ ecode: 'USER_ID_FORBIDDEN', status: 403 });
    // An app administrator (wangwu looks after leave requests) is no system administrator: no userId either.
    const wangwu = caller({ id: 'u-wangwu', account: 'wangwu', roles: ['teacher', 'head'] });
    expect(await refusal(resolve(wangwu, 'lisi', 'app-leave'))).toEqual({ ecode: 'USER_ID_FORBIDDEN', status: 403 });
  });

  it('lets a system administrator act for anyone, and tells them when the user does not exist', async () => {
    const admin = caller({ id: 'u-admin', account: 'admin', roles: ['admin'] });
    const r = await resolve(admin, 'zhangsan', 'app-leave');
    expect(r).toMatchObject({ mode: 'admin', appIds: null, user: { id: 'u-zhangsan', roles: ['student'] } });
    expect(r.user.scopes).toBe(admin.scopes);
    expect(await refusal(resolve(admin, 'nobody'))).toEqual({ ecode: 'NOT_FOUND', status: 404 });
    // A member is not told whether the account exists.
    expect(await refusal(resolve(lisi, 'nobody'))).toEqual({ ecode: 'USER_ID_FORBIDDEN', status: 403 });
  });

  it('lets a system client act for any user on the apps of its own system only', async () => {
    const forList = await resolve(system, 'lisi');
    expect(forList.mode).toBe('system');
    expect(forList.user).toMatchObject({ id: 'u-lisi', account: 'lisi' });
    const jwxtApps = (await t.ctx.db.selectFrom('apps').select('id').where('system_id', '=', 'sys-jwxt').execute()).map(
      (a) => a.id,
    );
    expect(jwxtApps.length).toBeGreaterThan(0);
    expect([...forList.appIds!].sort()).toEqual(jwxtApps.sort());
    expect(await resolve(system, 'u-lisi', 'app-course-selection')).toMatchObject({
      mode: 'system',
      appIds: ['app-course-selection'],
    });
    // An app of another system, or one of ours: refused, even though a system may act for anyone.
    expect(await refusal(resolve(system, 'lisi', 'app-leave'))).toEqual({ ecode: 'USER_ID_FORBIDDEN', status: 403 });
    expect(await refusal(resolve(system, 'nobody', 'app-course-selection'))).toEqual({
      ecode: 'NOT_FOUND',
      status: 404,
    });
    // A system client holding the admin role still acts as a system: its system's apps only.
    const adminSystem = { ...system, roles: ['admin'] };
    expect(await refusal(resolve(adminSystem, 'lisi', 'app-leave'))).toEqual({
      ecode: 'USER_ID_FORBIDDEN',
      status: 403,
    });
  });

  it('refuses a disabled user as it refuses an unknown one', async () => {
    await t.ctx.db.updateTable('users').set({ disabled: 1 }).where('id', '=', 'u-zhengshiyi').execute();
    const admin = caller({ id: 'u-admin', account: 'admin', roles: ['admin'] });
    expect(await refusal(resolve(admin, 'zhengshiyi'))).toEqual({ ecode: 'NOT_FOUND', status: 404 });
  });
});

describe('API_ALIASES configuration', () => {
  it('defaults to /infoplus/apis/v2, takes a list or none, and refuses prefixes of other mounts', () => {
    expect(loadConfig({}).apiAliases).toEqual(['/infoplus/apis/v2']);
    expect(loadConfig({ API_ALIASES: 'none' }).apiAliases).toEqual([]);
    expect(loadConfig({ API_ALIASES: '/a/v1, /b' }).apiAliases).toEqual(['/a/v1', '/b']);
    for (const bad of ['/api', '/oidc/x', 'relative', '/trailing/', '/with space']) {
      expect(() => loadConfig({ API_ALIASES: bad }), bad).toThrow(/API_ALIASES/);
    }
  });
});
