import { invalid, notFound } from '../../../platform/app-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange } from '../audit/audit-log.ts';
import { assertAdminsRemain, roleList } from './people-checks.ts';

/**
 * Makes exactly these users the members of a role (system administrators): the role is added to the listed users
 * and taken from everyone else. Refused when it would leave no enabled system administrator.
 */
export async function setRoleMembers(ctx: AdminContext, code: string, userIds: string[]): Promise<void> {
  assertAuthorized(ctx.actor, 'role.manage');
  const wanted = new Set(userIds);
  await auditedChange(ctx, async (trx, audit) => {
    const role = await trx.selectFrom('roles').select('code').where('code', '=', code).executeTakeFirst();
    if (!role) throw notFound('ADMIN_ROLE_NOT_FOUND');
    const users = await trx.selectFrom('users').select(['id', 'account', 'roles']).execute();
    const known = new Set(users.map((u) => u.id));
    const unknown = [...wanted].filter((id) => !known.has(id));
    if (unknown.length)
      throw invalid(
        unknown.map((id) => ({ field: 'userIds', message: `no such user: ${id}` })),
        'ADMIN_USER_NOT_FOUND',
      );
    const before: string[] = [];
    for (const u of users) {
      const roles = roleList(u.roles);
      const has = roles.includes(code);
      if (has) before.push(u.id);
      if (has === wanted.has(u.id)) continue;
      const next = has ? roles.filter((r) => r !== code) : [...roles, code];
      await trx
        .updateTable('users')
        .set({ roles: next.join(','), updated_at: ctx.now() })
        .where('id', '=', u.id)
        .execute();
    }
    const after = [...wanted].sort();
    if (JSON.stringify(before.sort()) === JSON.stringify(after)) return;
    await assertAdminsRemain(trx);
    await audit({
      action: 'role.members',
      targetType: 'role',
      targetId: code,
      before: { members: before },
      after: { members: after },
    });
  });
}
