import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { AppError } from '../../platform/app-error.ts';
import { canSee, loadViewer } from '../apps/app-visibility.ts';
import { processesMessages } from './processes-messages.ts';

/** An enabled built-in app by its code or its definition code (the apply page may use either). */
export async function findStartableApp(db: Db, code: string) {
  const columns = ['id', 'code', 'name', 'tags', 'system_id', 'definition_code', 'visible'] as const;
  const byCode = await db
    .selectFrom('apps')
    .select(columns)
    .where('code', '=', code)
    .where('enabled', '=', 1)
    .where('definition_code', 'is not', null)
    .executeTakeFirst();
  if (byCode) return byCode;
  return db
    .selectFrom('apps')
    .select(columns)
    .where('definition_code', '=', code)
    .where('enabled', '=', 1)
    .orderBy('code')
    .limit(literalLimit(1))
    .executeTakeFirst();
}

/**
 * Refuses (403 APP_NOT_VISIBLE) an app the applicant may not see (its `visible` rule, as in the catalogue). The
 * applicant is whoever will own the process: the caller, or the person an administrator, a delegate or a system
 * starts it for — an app offered to teachers gets teachers' applications only, whoever files them.
 */
export async function assertOffered(
  db: Db,
  app: { visible: string },
  applicant: Pick<AuthUser, 'id' | 'roles' | 'name'>,
  caller: Pick<AuthUser, 'id'>,
): Promise<void> {
  if (!app.visible || canSee(app, await loadViewer(db, applicant))) return;
  if (applicant.id === caller.id) throw new AppError('APP_NOT_VISIBLE', processesMessages.APP_NOT_VISIBLE);
  throw new AppError('APP_NOT_VISIBLE', processesMessages.APP_NOT_VISIBLE_FOR, { name: applicant.name });
}
