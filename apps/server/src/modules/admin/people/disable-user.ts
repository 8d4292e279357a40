import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange } from '../audit/audit-log.ts';
import { assertAdminsRemain, loadUserRow } from './people-checks.ts';

/**
 * Disables a user (or enables them again with `disabled: false`): a disabled user cannot sign in, and the workflow
 * directory stops assigning them tasks. The last enabled system administrator cannot be disabled.
 */
export async function disableUser(ctx: AdminContext, userId: string, disabled = true): Promise<void> {
  assertAuthorized(ctx.actor, 'user.manage');
  await auditedChange(ctx, async (trx, audit) => {
    const row = await loadUserRow(trx, userId);
    if ((row.disabled === 1) === disabled) return;
    await trx
      .updateTable('users')
      .set({ disabled: disabled ? 1 : 0, updated_at: ctx.now() })
      .where('id', '=', userId)
      .execute();
    if (disabled) await assertAdminsRemain(trx);
    await audit({
      action: disabled ? 'user.disable' : 'user.enable',
      targetType: 'user',
      targetId: userId,
      before: { disabled: row.disabled === 1 },
      after: { disabled },
    });
  });
}
