import type { Directory } from '@service-hall/engine';
import type { Db } from '../../db/database.ts';

/**
 * Loads the engine's synchronous Directory from the users and departments tables. The engine is pure, so every
 * lookup it may need is preloaded here; an institution has thousands of users at most, which fits in memory.
 */
export async function loadDirectory(db: Db): Promise<Directory> {
  const users = await db.selectFrom('users')
    .select(['id', 'account', 'roles', 'department_id'])
    .where('disabled', '=', 0)
    .orderBy('account')
    .execute();
  const heads = await db.selectFrom('departments').select(['id', 'head_user_id']).execute();
  const byAccount = new Map(users.map((u) => [u.account, u.id]));
  const departmentOf = new Map(users.map((u) => [u.id, u.department_id]));
  const headOf = new Map(heads.map((d) => [d.id, d.head_user_id]));
  const active = new Set(users.map((u) => u.id));
  return {
    userIdByAccount: (account) => byAccount.get(account) ?? null,
    userIdsWithRole: (role) =>
      users.filter((u) => u.roles.split(',').map((r) => r.trim()).includes(role)).map((u) => u.id),
    departmentHeadOf(userId) {
      const dept = departmentOf.get(userId);
      const head = dept ? headOf.get(dept) ?? null : null;
      // A disabled head cannot approve anything; the engine then reports NO_ASSIGNEE.
      return head && active.has(head) ? head : null;
    },
  };
}
