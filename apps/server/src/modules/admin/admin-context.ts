import os from 'node:os';

import type { Db } from '../../db/database.ts';
import { SYSTEM_ADMIN_ROLE, type AdminSubject } from './admin-policy.ts';

/** What every administrative domain function needs: the database, the clock, who acts, and the request if any. */
export interface AdminContext {
  db: Db;
  /** Current time in seconds. */
  now(): number;
  actor: AdminSubject;
  /** The HTTP request's id, kept in the audit row; absent for the CLI. */
  requestId?: string;
}

/** The policy's view of a signed-in user: their roles and the apps they administer. */
export async function loadAdminSubject(
  db: Db,
  user: { id: string; account: string; roles: readonly string[] },
): Promise<AdminSubject> {
  const rows = await db.selectFrom('app_admins').select('app_id').where('user_id', '=', user.id).execute();
  return { id: user.id, account: user.account, roles: user.roles, appIds: new Set(rows.map((r) => r.app_id)) };
}

/**
 * The operator running the admin CLI: whoever can run it on the server already holds the database, so it acts as a
 * system administrator; the audit log names the operating-system user.
 */
export function cliSubject(): AdminSubject {
  let name = 'unknown';
  try {
    name = os.userInfo().username;
  } catch {
    /* no passwd entry (containers): keep "unknown" */
  }
  return { id: 'cli', account: `cli:${name}`, roles: [SYSTEM_ADMIN_ROLE], appIds: new Set() };
}
