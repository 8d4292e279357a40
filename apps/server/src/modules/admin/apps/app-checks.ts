import type { Db } from '../../../db/database.ts';
import { AppError, invalid } from '../../../platform/app-error.ts';
import { M as integrationMessages } from '../../integration-admin/integration-admin-messages.ts';
import { adminMessages } from '../admin-messages.ts';
import { isSystemAdmin, type AdminSubject } from '../admin-policy.ts';
import type { Trx } from '../audit/audit-log.ts';
import type { AppInput } from './app-input.ts';

/** Refuses a code another app (retired ones included) already has. */
export async function assertCodeFree(trx: Trx, code: string, exceptAppId: string | null): Promise<void> {
  let q = trx.selectFrom('apps').select('id').where('code', '=', code);
  if (exceptAppId) q = q.where('id', '!=', exceptAppId);
  if (await q.executeTakeFirst()) throw new AppError('APP_CODE_TAKEN', 'APP_CODE_TAKEN', { code });
}

/** Refuses an app naming a system that does not exist. */
export async function assertSystemExists(trx: Trx, input: AppInput): Promise<void> {
  if (!input.system_id) return;
  const system = await trx.selectFrom('systems').select('id').where('id', '=', input.system_id).executeTakeFirst();
  if (!system) throw invalid([{ field: 'system_id', message: 'no such system' }], 'ADMIN_INPUT_INVALID');
}

/** The number of processes of an app, and of those still open. */
export async function countProcesses(trx: Db, appId: string): Promise<{ all: number; open: number }> {
  const row = await trx
    .selectFrom('processes')
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'doing').then(1).else(0).end()).as('open'),
    ])
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return { all: Number(row?.all ?? 0), open: Number(row?.open ?? 0) };
}

/**
 * Refuses an edit that rebinds the app beyond what the actor may give it:
 * - The owning system decides which system client may act for people on the app's processes, so only a system
 *   administrator changes it (403 otherwise), and never straight from one system to another (409 naming the owner,
 *   as for PUT /api/admin/systems: release it first), so one system's client never gains another's app by a typo.
 * - A definition belongs to the apps that use it (definitions/definition-access.ts): an app administrator may point
 *   their app only at a code that no app outside their own uses and that has no stored version while unused (such a
 *   code is the system administrators'), or the other app's owners would lose the right to publish it.
 */
export async function assertBindingAllowed(
  trx: Trx,
  actor: AdminSubject,
  appId: string,
  before: AppInput,
  after: AppInput,
): Promise<void> {
  if (after.system_id !== before.system_id) {
    if (!isSystemAdmin(actor)) throw new AppError('FORBIDDEN', adminMessages.ADMIN_SYSTEM_BINDING_FORBIDDEN);
    if (before.system_id && after.system_id) {
      throw new AppError('CONFLICT', integrationMessages.SYSTEM_APP_TAKEN, {
        code: before.code,
        system: before.system_id,
      });
    }
  }
  const code = after.kind === 'builtin' ? after.definition_code : null;
  const had = before.kind === 'builtin' ? before.definition_code : null;
  if (!code || code === had || isSystemAdmin(actor)) return;
  const users = await trx
    .selectFrom('apps')
    .select(['id', 'code'])
    .where('definition_code', '=', code)
    .where('id', '!=', appId)
    .orderBy('code')
    .execute();
  const foreign = users.find((u) => !actor.appIds.has(u.id));
  if (foreign) {
    throw new AppError('FORBIDDEN', adminMessages.ADMIN_DEFINITION_NOT_YOURS, { definition: code, app: foreign.code });
  }
  if (users.length === 0) {
    const stored = await trx
      .selectFrom('process_definitions')
      .select('code')
      .where('code', '=', code)
      .executeTakeFirst();
    if (stored) throw new AppError('FORBIDDEN', adminMessages.ADMIN_DEFINITION_UNOWNED, { definition: code });
  }
}
