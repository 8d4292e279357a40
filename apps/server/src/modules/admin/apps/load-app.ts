import { notFound } from '../../../platform/app-error.ts';
import type { Trx } from '../audit/audit-log.ts';

/** An app's full row, retired or not; NOT_FOUND when there is none. */
export async function loadAppRow(trx: Trx, appId: string) {
  const row = await trx.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst();
  if (!row) throw notFound('ADMIN_APP_NOT_FOUND');
  return row;
}
