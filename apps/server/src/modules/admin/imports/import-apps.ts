import { randomUUID } from 'node:crypto';
import { z } from 'zod';

import { AppError } from '../../../platform/app-error.ts';
import { zodDetails } from '../../../platform/error-handler.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { countProcesses } from '../apps/app-checks.ts';
import { appColumns, appInputSchema, appRowToInput, type AppInput } from '../apps/app-input.ts';
import { auditedChange } from '../audit/audit-log.ts';
import { summarise, type ImportReport, type ImportRow } from './import-report.ts';

const fileSchema = z.object({
  format: z.literal('service-hall.apps'),
  version: z.literal(1),
  apps: z.array(z.unknown()).max(5_000),
});

/**
 * Imports apps from an export file (system administrators), idempotent by code: new codes are created, known ones
 * updated to the file's values, identical ones left alone; `retired` retires or restores. Every entry is checked
 * first (an unknown system, a retirement refused for open processes, a duplicate code in the file) and nothing is
 * written when any fails or with `dryRun`. Apps the file does not name are left as they are.
 */
export async function importApps(
  ctx: AdminContext,
  file: unknown,
  options: { dryRun: boolean },
): Promise<ImportReport> {
  assertAuthorized(ctx.actor, 'app.import');
  const parsed = fileSchema.safeParse(file);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'APPS_JSON_INVALID', {}, zodDetails(parsed.error));
  const [stored, systems] = await Promise.all([
    ctx.db.selectFrom('apps').selectAll().execute(),
    ctx.db.selectFrom('systems').select('id').execute(),
  ]);
  const byCode = new Map(stored.map((a) => [a.code, a]));
  const systemIds = new Set(systems.map((s) => s.id));
  const seen = new Map<string, number>();

  const plans: Array<{ row: ImportRow; input: AppInput | null; retired: boolean }> = [];
  for (const [i, entry] of parsed.data.apps.entries()) {
    const line = i + 1;
    const one = appInputSchema.safeParse(entry);
    const retired = (entry as { retired?: unknown } | null)?.retired === true;
    const code = one.success ? one.data.code : String((entry as { code?: unknown } | null)?.code ?? '');
    const row: ImportRow = { line, key: code, outcome: 'error', changes: [], errors: [] };
    plans.push({ row, input: one.success ? one.data : null, retired });
    if (!one.success) {
      for (const issue of one.error.issues) {
        row.errors.push({
          field: issue.path.join('.'),
          reason: 'CSV_ROW_INVALID',
          params: { column: issue.path.join('.') },
        });
      }
      continue;
    }
    const input = one.data;
    const first = seen.get(code);
    if (first !== undefined) row.errors.push({ field: 'code', reason: 'CSV_ROW_DUPLICATE', params: { line: first } });
    seen.set(code, line);
    if (input.kind === 'external' && input.system_id && !systemIds.has(input.system_id)) {
      row.errors.push({ field: 'system_id', reason: 'CSV_ROW_INVALID', params: { column: 'system_id' } });
    }
    const existing = byCode.get(code);
    if (existing && retired && existing.enabled === 1) {
      const { open } = await countProcesses(ctx.db, existing.id);
      if (open > 0) row.errors.push({ field: 'retired', reason: 'APP_HAS_OPEN_PROCESSES', params: { count: open } });
    }
    if (row.errors.length) continue;
    if (!existing) {
      row.outcome = 'create';
      continue;
    }
    const before = { ...appRowToInput(existing), retired: existing.enabled === 0 };
    const after = { ...input, retired } as Record<string, unknown>;
    row.changes = Object.keys(after).filter(
      (k) => JSON.stringify(after[k]) !== JSON.stringify((before as Record<string, unknown>)[k]),
    );
    row.outcome = row.changes.length ? 'change' : 'unchanged';
  }

  const report = summarise(
    plans.map((p) => p.row),
    options.dryRun,
  );
  if (!report.applied) return report;
  await auditedChange(
    ctx,
    async (trx, audit) => {
      for (const { row, input, retired } of plans) {
        if (!input || (row.outcome !== 'create' && row.outcome !== 'change')) continue;
        const existing = byCode.get(input.code);
        if (!existing) {
          const id = `app-${randomUUID()}`;
          await trx
            .insertInto('apps')
            .values({
              id,
              ...appColumns(input),
              rating_sum: 0,
              rated: 0,
              completed: 0,
              enabled: retired ? 0 : 1,
              created_at: ctx.now(),
            })
            .execute();
          await audit({ action: 'app.import-create', targetType: 'app', targetId: id, after: { ...input, retired } });
        } else {
          await trx
            .updateTable('apps')
            .set({ ...appColumns(input), enabled: retired ? 0 : 1 })
            .where('id', '=', existing.id)
            .execute();
          await audit({
            action: 'app.import-edit',
            targetType: 'app',
            targetId: existing.id,
            before: { ...appRowToInput(existing), retired: existing.enabled === 0 },
            after: { ...input, retired },
          });
        }
      }
    },
    { catalogue: true },
  );
  return report;
}
