import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { assertAuthorized, isAnyAdmin, type AdminSubject } from '../admin/admin-policy.ts';

/** Ids of the apps (enabled or not) that start processes of definition `code`. */
export async function appsUsing(
  db: Db,
  code: string,
): Promise<Array<{ id: string; code: string; name: string; name_en: string }>> {
  return db
    .selectFrom('apps')
    .select(['id', 'code', 'name', 'name_en'])
    .where('definition_code', '=', code)
    .orderBy('code')
    .execute();
}

/**
 * A definition belongs to the apps that use it: an app administrator may read and publish it when every such app is
 * theirs (admin-policy.ts, `definition.deploy`); a code no app uses yet belongs to the system administrators.
 */
export async function assertMayDeploy(db: Db, actor: AdminSubject, code: string): Promise<void> {
  if (!isAnyAdmin(actor)) throw new AppError('FORBIDDEN', 'ADMIN_FORBIDDEN');
  const apps = await appsUsing(db, code);
  assertAuthorized(actor, 'definition.deploy', { appIds: apps.map((a) => a.id) });
}

/** The console's pages are for administrators only: a member gets FORBIDDEN, not an empty list. */
export function assertAnyAdmin(actor: AdminSubject): void {
  if (!isAnyAdmin(actor)) throw new AppError('FORBIDDEN', 'ADMIN_FORBIDDEN');
}
