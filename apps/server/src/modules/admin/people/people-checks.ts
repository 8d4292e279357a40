import type { Selectable } from 'kysely';

import type { Database } from '../../../db/schema.ts';
import { AppError, invalid, notFound } from '../../../platform/app-error.ts';
import { SYSTEM_ADMIN_ROLE } from '../admin-policy.ts';
import type { Trx } from '../audit/audit-log.ts';

export type UserRow = Selectable<Database['users']>;

/** A user's row; NOT_FOUND when there is none. */
export async function loadUserRow(trx: Trx, userId: string): Promise<UserRow> {
  const row = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('ADMIN_USER_NOT_FOUND');
  return row;
}

/** Refuses a department id that does not exist (null is fine: no department). */
export async function assertDepartmentExists(trx: Trx, id: string | null, field = 'department_id'): Promise<void> {
  if (id === null) return;
  const row = await trx.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw invalid([{ field, message: 'no such department' }], 'ADMIN_DEPARTMENT_NOT_FOUND');
}

/** Splits a stored role list. */
export const roleList = (roles: string): string[] =>
  roles
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);

/**
 * Refuses a change that would leave no enabled system administrator: nobody could then administer the hall
 * (short of the bootstrap variables or SQL).
 */
export async function assertAdminsRemain(trx: Trx): Promise<void> {
  const rows = await trx.selectFrom('users').select('roles').where('disabled', '=', 0).execute();
  if (!rows.some((r) => roleList(r.roles).includes(SYSTEM_ADMIN_ROLE))) {
    throw new AppError('CONFLICT', 'ADMIN_LAST_SYSTEM_ADMIN');
  }
}

/** A user row as the audit log and the import preview show it (never the password hash). */
export function userView(row: UserRow) {
  return {
    account: row.account,
    name: row.name,
    name_en: row.name_en,
    email: row.email,
    department_id: row.department_id,
    roles: roleList(row.roles),
    disabled: row.disabled === 1,
  };
}
