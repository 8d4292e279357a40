import type { AdminApp } from '@service-hall/contracts';

import type { AdminContext } from '../admin-context.ts';
import { isSystemAdmin } from '../admin-policy.ts';
import { appRowToInput } from './app-input.ts';

/** The apps the actor administers (every app for a system administrator), retired ones included, recommended first. */
export async function listAdminApps(ctx: AdminContext): Promise<AdminApp[]> {
  let q = ctx.db.selectFrom('apps').selectAll();
  if (!isSystemAdmin(ctx.actor)) {
    const ids = [...ctx.actor.appIds];
    if (!ids.length) return [];
    q = q.where('id', 'in', ids);
  }
  const rows = await q.execute();
  const open = await ctx.db
    .selectFrom('processes')
    .select(['app_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'doing')
    .groupBy('app_id')
    .execute();
  const openBy = new Map(open.map((r) => [r.app_id, Number(r.n)]));
  return rows
    .sort((a, b) => b.recommend - a.recommend || a.pinyin.localeCompare(b.pinyin) || a.code.localeCompare(b.code))
    .map((row) => {
      const input = appRowToInput(row);
      return {
        ...input,
        definition_code: input.definition_code,
        system_id: input.system_id,
        id: row.id,
        enabled: row.enabled === 1,
        openProcesses: openBy.get(row.id) ?? 0,
      };
    });
}
