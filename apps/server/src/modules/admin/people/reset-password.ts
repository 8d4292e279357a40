import { hashPassword } from '../../../auth/password.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange } from '../audit/audit-log.ts';
import { loadUserRow } from './people-checks.ts';
import { MIN_PASSWORD_LENGTH } from './people-input.ts';

/**
 * Sets a new password for an account of the embedded sign-in provider (system administrators). Refused when the
 * institution's own provider signs people in (`embeddedIdp: false`): the password would never be asked for.
 */
export async function resetPassword(
  ctx: AdminContext,
  userId: string,
  password: string,
  options: { embeddedIdp: boolean } = { embeddedIdp: true },
): Promise<void> {
  assertAuthorized(ctx.actor, 'user.manage');
  if (!options.embeddedIdp) throw new AppError('CONFLICT', 'ADMIN_NO_PASSWORD_LOGIN');
  if (password.length < MIN_PASSWORD_LENGTH) throw new AppError('VALIDATION_FAILED', 'ADMIN_PASSWORD_WEAK');
  const hash = await hashPassword(password);
  await auditedChange(ctx, async (trx, audit) => {
    await loadUserRow(trx, userId);
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: ctx.now() })
      .where('id', '=', userId)
      .execute();
    // The audit row records that it happened, never the password or its hash.
    await audit({ action: 'user.reset-password', targetType: 'user', targetId: userId });
  });
}
