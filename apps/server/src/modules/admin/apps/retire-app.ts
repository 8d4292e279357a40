import { AppError } from '../../../platform/app-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange } from '../audit/audit-log.ts';
import { countProcesses } from './app-checks.ts';
import { loadAppRow } from './load-app.ts';

/**
 * Takes an app out of the catalogue (enabled = 0), or puts a retired one back with `retired: false`. Refused while
 * the app has open processes: their people could no longer find what they are waiting for.
 */
export async function retireApp(ctx: AdminContext, appId: string, retired = true): Promise<void> {
  assertAuthorized(ctx.actor, 'app.retire');
  await auditedChange(
    ctx,
    async (trx, audit) => {
      const row = await loadAppRow(trx, appId);
      if ((row.enabled === 0) === retired) return;
      if (retired) {
        const { open } = await countProcesses(trx, appId);
        if (open > 0) throw new AppError('APP_HAS_OPEN_PROCESSES', 'APP_HAS_OPEN_PROCESSES', { count: open });
      }
      await trx
        .updateTable('apps')
        .set({ enabled: retired ? 0 : 1 })
        .where('id', '=', appId)
        .execute();
      await audit({
        action: retired ? 'app.retire' : 'app.restore',
        targetType: 'app',
        targetId: appId,
        before: { enabled: row.enabled === 1 },
        after: { enabled: !retired },
      });
    },
    { catalogue: true },
  );
}
