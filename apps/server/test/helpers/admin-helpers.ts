import { loadAdminSubject, type AdminContext } from '../../src/modules/admin/admin-context.ts';
import { AppError } from '../../src/platform/app-error.ts';
import type { TestApp } from './test-app.ts';

/** The admin context of a seeded account, acting on the test app's database and clock. */
export async function adminAs(t: TestApp, account: string, requestId?: string): Promise<AdminContext> {
  const user = await t.ctx.db
    .selectFrom('users')
    .select(['id', 'account', 'roles'])
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  const actor = await loadAdminSubject(t.ctx.db, { id: user.id, account: user.account, roles: user.roles.split(',') });
  return { db: t.ctx.db, now: () => t.ctx.now(), actor, requestId };
}

/** The AppError a promise rejects with (fails the test when it resolves or throws something else). */
export async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal, but it succeeded');
}

/** Audit rows of a target, oldest first, with before/after parsed. */
export async function auditOf(t: TestApp, targetId: string) {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, before: r.before && JSON.parse(r.before), after: r.after && JSON.parse(r.after) }));
}
