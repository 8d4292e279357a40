import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { appRowToInput, type AppInput } from '../apps/app-input.ts';

/** The app export file: the catalogue entries in the administrators' input shape, so importing it is idempotent. */
export interface AppsExport {
  format: 'service-hall.apps';
  version: 1;
  apps: Array<AppInput & { retired: boolean }>;
}

/** Exports every app, retired ones marked, ordered by code (system administrators). */
export async function exportApps(ctx: AdminContext): Promise<AppsExport> {
  assertAuthorized(ctx.actor, 'app.export');
  const rows = await ctx.db.selectFrom('apps').selectAll().orderBy('code').execute();
  return {
    format: 'service-hall.apps',
    version: 1,
    apps: rows.map((r) => ({ ...appRowToInput(r), retired: r.enabled === 0 })),
  };
}
