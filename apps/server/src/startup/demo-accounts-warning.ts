import type { FastifyBaseLogger } from 'fastify';

import { verifyPassword } from '../auth/password.ts';
import type { AppContext } from '../platform/context.ts';
import { DEMO_PASSWORD, people } from '../seed/demo-people.ts';

/**
 * Logs a loud warning when demo accounts still sign in with the published demo password: on a real installation
 * anyone who has read the README could sign in as `admin`. Returns the accounts found.
 */
export async function warnAboutDemoAccounts(ctx: AppContext, log: FastifyBaseLogger): Promise<string[]> {
  if (ctx.config.oidcIssuer) return []; // passwords are not ours to check: the institution's IdP signs people in
  const rows = await ctx.db
    .selectFrom('users')
    .select(['account', 'password_hash'])
    .where(
      'account',
      'in',
      people.map((p) => p.account),
    )
    .where('disabled', '=', 0)
    .execute();
  // The seed gives every demo account one hash: check each distinct hash once (scrypt is slow on purpose).
  const demoHashes = new Set<string>();
  for (const hash of new Set(rows.map((r) => r.password_hash).filter((h): h is string => !!h))) {
    if (await verifyPassword(DEMO_PASSWORD, hash)) demoHashes.add(hash);
  }
  const accounts = rows.filter((r) => r.password_hash && demoHashes.has(r.password_hash)).map((r) => r.account);
  if (accounts.length > 0) {
    log.warn(
      { event: 'demo-accounts', accounts },
      `WARNING: ${accounts.length} demo accounts (${accounts.slice(0, 5).join(', ')}${accounts.length > 5 ? ', …' : ''}) sign in ` +
        `with the published password "${DEMO_PASSWORD}". Fine for a demo; never on a real installation: start it with ` +
        'SEED unset on an empty database and bootstrap the administrator with ADMIN_ACCOUNT and ADMIN_PASSWORD ' +
        '(docs/operations.md).',
    );
  }
  return accounts;
}
