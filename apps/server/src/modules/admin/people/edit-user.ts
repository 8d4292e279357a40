import { AppError } from '../../../platform/app-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange, isUniqueViolation } from '../audit/audit-log.ts';
import { assertAdminsRemain, assertDepartmentExists, loadUserRow, userView } from './people-checks.ts';
import { parseInput, userInputSchema } from './people-input.ts';

/** Changes a user's account, names, email, department or roles (system administrators); other fields keep their values. */
export async function editUser(ctx: AdminContext, userId: string, changes: Record<string, unknown>): Promise<void> {
  assertAuthorized(ctx.actor, 'user.manage');
  let account = '';
  try {
    await auditedChange(ctx, async (trx, audit) => {
      const row = await loadUserRow(trx, userId);
      const before = userView(row);
      const input = parseInput(userInputSchema, { ...before, ...changes });
      account = input.account;
      if (input.account !== row.account) {
        const taken = await trx
          .selectFrom('users')
          .select('id')
          .where('account', '=', input.account)
          .executeTakeFirst();
        if (taken) throw new AppError('ACCOUNT_TAKEN', 'ACCOUNT_TAKEN', { account: input.account });
      }
      await assertDepartmentExists(trx, input.department_id);
      const next = { ...input, roles: [...new Set(input.roles)].join(',') };
      const after = userView({ ...row, ...next });
      if (JSON.stringify(after) === JSON.stringify(before)) return;
      await trx
        .updateTable('users')
        .set({ ...next, updated_at: ctx.now() })
        .where('id', '=', userId)
        .execute();
      await assertAdminsRemain(trx);
      await audit({ action: 'user.edit', targetType: 'user', targetId: userId, before, after });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ACCOUNT_TAKEN', 'ACCOUNT_TAKEN', { account });
    throw err;
  }
}
