import { AppError, invalid } from '../../platform/app-error.ts';
import type { Db } from '../../db/database.ts';
import type { Trx } from './audit-log.ts';
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
  const row = await trx.selectFrom('processes')
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'doing').then(1).else(0).end()).as('open'),
    ])
    .where('app_id', '=', appId).executeTakeFirst();
  return { all: Number(row?.all ?? 0), open: Number(row?.open ?? 0) };
}
