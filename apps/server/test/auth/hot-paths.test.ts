import type { JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { VerifiedTokenCache } from '../../src/auth/token-verifier.ts';
import { loadDirectory } from '../../src/modules/users/directory.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);

describe.each(testDialects())('cached directory and to-do count on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reuses the directory while users and departments are unchanged', async () => {
    const a = await loadDirectory(t.ctx.db);
    expect(await loadDirectory(t.ctx.db)).toBe(a);
    expect(a.userIdsWithRole('counsellor')).toEqual(['u-lisi']);
  });

  it('sees role, account, disabled and department-head changes made straight in the database', async () => {
    await t.ctx.db.updateTable('users').set({ roles: 'teacher,counsellor' }).where('account', '=', 'zhoujiu').execute();
    expect((await loadDirectory(t.ctx.db)).userIdsWithRole('counsellor')).toEqual(['u-lisi', 'u-zhoujiu']);
    await t.ctx.db.updateTable('users').set({ disabled: 1 }).where('account', '=', 'zhoujiu').execute();
    const d = await loadDirectory(t.ctx.db);
    expect(d.userIdsWithRole('counsellor')).toEqual(['u-lisi']);
    expect(d.userIdByAccount('zhoujiu')).toBeNull();
    await t.ctx.db
      .updateTable('users')
      .set({ disabled: 0, roles: 'teacher,head' })
      .where('account', '=', 'zhoujiu')
      .execute();

    expect((await loadDirectory(t.ctx.db)).departmentHeadOf('u-zhangsan')).toBe('u-wangwu');
    await t.ctx.db
      .updateTable('departments')
      .set({ head_user_id: 'u-zhoujiu' })
      .where('head_user_id', '=', 'u-wangwu')
      .execute();
    expect((await loadDirectory(t.ctx.db)).departmentHeadOf('u-zhangsan')).toBe('u-zhoujiu');
    await t.ctx.db
      .updateTable('departments')
      .set({ head_user_id: 'u-wangwu' })
      .where('head_user_id', '=', 'u-zhoujiu')
      .execute();
    expect((await loadDirectory(t.ctx.db)).departmentHeadOf('u-zhangsan')).toBe('u-wangwu');
  });

  it('routes a new process to a role member added after the directory was cached', async () => {
    await loadDirectory(t.ctx.db);
    await t.ctx.db.updateTable('users').set({ roles: 'student' }).where('account', '=', 'lisi').execute();
    await t.ctx.db.updateTable('users').set({ roles: 'teacher,counsellor' }).where('account', '=', 'zhoujiu').execute();
    try {
      const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
      const open = await t.ctx.db
        .selectFrom('tasks')
        .select('assignee_id')
        .where('process_id', '=', p.id)
        .where('status', '=', 'todo')
        .execute();
      expect(open.map((x) => x.assignee_id)).toEqual(['u-zhoujiu']);
    } finally {
      await t.ctx.db.updateTable('users').set({ roles: 'teacher,counsellor' }).where('account', '=', 'lisi').execute();
      await t.ctx.db.updateTable('users').set({ roles: 'teacher,head' }).where('account', '=', 'zhoujiu').execute();
    }
  });

  it('counts every open task in the to-do total, with and without a keyword', async () => {
    await w.start('zhangsan', 'leave', leaveData);
    const open = await t.ctx.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('assignee_id', '=', 'u-lisi')
      .where('status', '=', 'todo')
      .executeTakeFirstOrThrow();
    const all = await w.todo('lisi');
    expect(all.total).toBe(Number(open.n));
    expect(all.total).toBeGreaterThan(0);
    const res = await w.call('lisi', 'GET', '/api/me/tasks/todo?keyword=no-such-process-name');
    expect(res.json().total).toBe(0);
  });
});

describe('verified token cache', () => {
  const verified = (exp?: number) => ({
    sub: 'u',
    account: 'u',
    scopes: new Set(['task']),
    claims: (exp === undefined ? {} : { exp }) as JWTPayload,
  });

  it('answers only before the token expires, never in the clock tolerance after it', () => {
    const cache = new VerifiedTokenCache(10);
    cache.set('a', verified(1000));
    expect(cache.get('a', 999)?.sub).toBe('u');
    expect(cache.get('a', 1000)).toBeNull();
    expect(cache.get('a', 999)).toBeNull();
  });

  it('does not cache a token without exp', () => {
    const cache = new VerifiedTokenCache(10);
    cache.set('a', verified());
    expect(cache.get('a', 0)).toBeNull();
  });

  it('is bounded and drops the least recently used token first', () => {
    const cache = new VerifiedTokenCache(2);
    cache.set('a', verified(1000));
    cache.set('b', verified(1000));
    cache.get('a', 0);
    cache.set('c', verified(1000));
    expect(cache.size).toBe(2);
    expect(cache.get('b', 0)).toBeNull();
    expect(cache.get('a', 0)).not.toBeNull();
    expect(cache.get('c', 0)).not.toBeNull();
  });
});
