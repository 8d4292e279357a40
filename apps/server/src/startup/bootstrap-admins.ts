import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

import { hashPassword } from '../auth/password.ts';
import { defaultEnterprise } from '../auth/user-directory.ts';
// The system administrator role of the administration policy (docs/adr/0011-administration-roles-and-policy.md).
import { SYSTEM_ADMIN_ROLE as ADMIN_ROLE } from '../modules/admin/admin-policy.ts';
import type { AppContext } from '../platform/context.ts';

/**
 * The first administrators, from the environment. ADMIN_ACCOUNT is created with ADMIN_PASSWORD when it does not
 * exist (an existing account's password is never changed, so a later password change by the person sticks); it and
 * every existing account named in ADMIN_ACCOUNTS get the admin role. Accounts of ADMIN_ACCOUNTS that do not exist
 * yet get the role when an external IdP's first sign-in creates them (auth/user-directory.ts).
 */
export async function bootstrapAdmins(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { adminAccount, adminAccounts } = ctx.config;
  if (adminAccount) {
    const exists = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', adminAccount.account)
      .executeTakeFirst();
    if (!exists) {
      const now = ctx.now();
      await ctx.db
        .insertInto('users')
        .values({
          id: `u-${randomUUID()}`,
          account: adminAccount.account,
          name: adminAccount.account,
          name_en: adminAccount.account,
          email: '',
          department_id: null,
          enterprise_id: await defaultEnterprise(ctx),
          roles: ADMIN_ROLE,
          password_hash: await hashPassword(adminAccount.password),
          disabled: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      log.info({ account: adminAccount.account }, 'created the administrator named by ADMIN_ACCOUNT');
    }
  }
  const accounts = [...new Set([...(adminAccount ? [adminAccount.account] : []), ...adminAccounts])];
  if (accounts.length === 0) return;
  const rows = await ctx.db
    .selectFrom('users')
    .select(['id', 'account', 'roles'])
    .where('account', 'in', accounts)
    .execute();
  for (const row of rows) {
    const roles = row.roles.split(',').filter(Boolean);
    if (roles.includes(ADMIN_ROLE)) continue;
    await ctx.db
      .updateTable('users')
      .set({ roles: [...roles, ADMIN_ROLE].join(','), updated_at: ctx.now() })
      .where('id', '=', row.id)
      .execute();
    log.info({ account: row.account }, 'gave the administrator role to an account named in ADMIN_ACCOUNT(S)');
  }
}
