import { randomUUID } from 'node:crypto';

import { hashPassword } from '../../../auth/password.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange, isUniqueViolation } from '../audit/audit-log.ts';
import { assertDepartmentExists, userView } from './people-checks.ts';
import { MIN_PASSWORD_LENGTH, parseInput, userInputSchema } from './people-input.ts';

const ENTERPRISE_FALLBACK = 'default';

/**
 * Adds a user (system administrators). With `password` they can sign in at the embedded sign-in provider at once;
 * without, an administrator sets one later or they sign in through the institution's provider. Returns the id.
 */
export async function createUser(ctx: AdminContext, raw: unknown, password?: string): Promise<string> {
  assertAuthorized(ctx.actor, 'user.manage');
  const input = parseInput(userInputSchema, raw);
  if (password !== undefined && password.length < MIN_PASSWORD_LENGTH)
    throw new AppError('VALIDATION_FAILED', 'ADMIN_PASSWORD_WEAK');
  const hash = password === undefined ? null : await hashPassword(password);
  const id = `u-${randomUUID()}`;
  try {
    await auditedChange(ctx, async (trx, audit) => {
      const taken = await trx.selectFrom('users').select('id').where('account', '=', input.account).executeTakeFirst();
      if (taken) throw new AppError('ACCOUNT_TAKEN', 'ACCOUNT_TAKEN', { account: input.account });
      await assertDepartmentExists(trx, input.department_id);
      const row = {
        id,
        ...input,
        roles: [...new Set(input.roles)].join(','),
        enterprise_id: await enterpriseId(trx),
        password_hash: hash,
        disabled: 0,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      };
      await trx.insertInto('users').values(row).execute();
      await audit({
        action: 'user.create',
        targetType: 'user',
        targetId: id,
        after: { ...userView(row), password: hash !== null },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ACCOUNT_TAKEN', 'ACCOUNT_TAKEN', { account: input.account });
    throw err;
  }
  return id;
}

/** The institution's enterprise id: users belong to the one enterprise of the hall. */
export async function enterpriseId(trx: import('../audit/audit-log.ts').Trx): Promise<string> {
  const row = await trx.selectFrom('enterprises').select('id').orderBy('id').executeTakeFirst();
  return row?.id ?? ENTERPRISE_FALLBACK;
}
