import { AppError, notFound } from '../../../platform/app-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange, isUniqueViolation } from '../audit/audit-log.ts';
import { parseInput, roleInputSchema } from './people-input.ts';

/** Adds a role to the catalogue (system administrators); members are given it with setRoleMembers. */
export async function createRole(ctx: AdminContext, raw: unknown): Promise<void> {
  assertAuthorized(ctx.actor, 'role.manage');
  const input = parseInput(roleInputSchema, raw);
  try {
    await auditedChange(ctx, async (trx, audit) => {
      const taken = await trx.selectFrom('roles').select('code').where('code', '=', input.code).executeTakeFirst();
      if (taken) throw new AppError('CONFLICT', 'ADMIN_ROLE_TAKEN', { code: input.code });
      await trx.insertInto('roles').values(input).execute();
      await audit({ action: 'role.create', targetType: 'role', targetId: input.code, after: input });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'ADMIN_ROLE_TAKEN', { code: input.code });
    throw err;
  }
}

/** Renames a role (system administrators); its code is what users and process definitions hold, so it stays. */
export async function editRole(
  ctx: AdminContext,
  code: string,
  changes: { name?: string; name_en?: string },
): Promise<void> {
  assertAuthorized(ctx.actor, 'role.manage');
  await auditedChange(ctx, async (trx, audit) => {
    const row = await trx.selectFrom('roles').selectAll().where('code', '=', code).executeTakeFirst();
    if (!row) throw notFound('ADMIN_ROLE_NOT_FOUND');
    const input = parseInput(roleInputSchema, { ...row, ...changes, code });
    if (input.name === row.name && input.name_en === row.name_en) return;
    await trx.updateTable('roles').set({ name: input.name, name_en: input.name_en }).where('code', '=', code).execute();
    await audit({ action: 'role.edit', targetType: 'role', targetId: code, before: row, after: input });
  });
}
