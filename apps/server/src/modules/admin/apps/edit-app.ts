import { AppError } from '../../../platform/app-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { auditedChange, isUniqueViolation } from '../audit/audit-log.ts';
import { assertBindingAllowed, assertCodeFree, assertSystemExists, countProcesses } from './app-checks.ts';
import { appColumns, appRowToInput, parseAppInput } from './app-input.ts';
import { loadAppRow } from './load-app.ts';

/**
 * Changes an app's catalogue entry (its system administrators and app administrators): `changes` holds the fields
 * to change, the rest keep their values. A code that processes already use cannot change. Which system owns the
 * app, and which definition it runs, are bindings that give power beyond the entry (assertBindingAllowed).
 */
export async function editApp(ctx: AdminContext, appId: string, changes: Record<string, unknown>): Promise<void> {
  assertAuthorized(ctx.actor, 'app.edit', { appIds: [appId] });
  let code = '';
  try {
    await auditedChange(
      ctx,
      async (trx, audit) => {
        const row = await loadAppRow(trx, appId);
        const before = appRowToInput(row);
        const after = parseAppInput({ ...before, ...changes });
        code = after.code;
        if (after.code !== before.code) {
          await assertCodeFree(trx, after.code, appId);
          const used = await countProcesses(trx, appId);
          if (used.all > 0) throw new AppError('APP_CODE_IN_USE', 'APP_CODE_IN_USE', { code: before.code });
        }
        await assertSystemExists(trx, after);
        await assertBindingAllowed(trx, ctx.actor, appId, before, after);
        if (JSON.stringify(after) === JSON.stringify(before)) return;
        await trx.updateTable('apps').set(appColumns(after)).where('id', '=', appId).execute();
        await audit({ action: 'app.edit', targetType: 'app', targetId: appId, before, after });
      },
      { catalogue: true },
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('APP_CODE_TAKEN', 'APP_CODE_TAKEN', { code });
    throw err;
  }
}
