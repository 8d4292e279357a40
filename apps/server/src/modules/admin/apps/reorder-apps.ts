import { AppError } from '../../../platform/app-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange } from '../audit/audit-log.ts';

/**
 * Sets the recommended apps and their order (the first ranks highest): the listed apps get recommend n … 1, every
 * other app 0. The list must name enabled apps, each once.
 */
export async function reorderRecommendedApps(ctx: AdminContext, appIds: string[]): Promise<void> {
  assertAuthorized(ctx.actor, 'app.reorder');
  if (new Set(appIds).size !== appIds.length) throw new AppError('VALIDATION_FAILED', 'ADMIN_REORDER_MISMATCH');
  await auditedChange(
    ctx,
    async (trx, audit) => {
      const rows = await trx.selectFrom('apps').select(['id', 'recommend']).where('enabled', '=', 1).execute();
      const known = new Set(rows.map((r) => r.id));
      if (appIds.some((id) => !known.has(id))) throw new AppError('VALIDATION_FAILED', 'ADMIN_REORDER_MISMATCH');
      const before = rows
        .filter((r) => r.recommend > 0)
        .sort((a, b) => b.recommend - a.recommend)
        .map((r) => r.id);
      if (JSON.stringify(before) === JSON.stringify(appIds)) return;
      const rank = new Map(appIds.map((id, i) => [id, appIds.length - i]));
      for (const r of rows) {
        const next = rank.get(r.id) ?? 0;
        if (next !== r.recommend)
          await trx.updateTable('apps').set({ recommend: next }).where('id', '=', r.id).execute();
      }
      await audit({ action: 'app.reorder', targetType: 'catalogue', targetId: 'recommended', before, after: appIds });
    },
    { catalogue: true },
  );
}
