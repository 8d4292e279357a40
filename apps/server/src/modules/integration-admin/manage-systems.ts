import type { AdminSystem } from '@service-hall/contracts';

import { AppError } from '../../platform/app-error.ts';
import type { AdminContext } from '../admin/admin-context.ts';
import { assertAuthorized } from '../admin/admin-policy.ts';
import { auditedChange, isUniqueViolation, type Trx } from '../admin/audit/audit-log.ts';
import { replaceCallbackSecret } from '../integration/rotate-callback-secret.ts';
import { M } from './integration-admin-messages.ts';
import { loadSystems } from './presenters.ts';

export interface SystemInput {
  name: string;
  nameEn: string;
  baseUrl: string;
  enabled: boolean;
  apps: string[];
}

/** Registers a system owning `apps` (system administrators). */
export async function createSystem(
  ctx: AdminContext,
  id: string,
  input: Omit<SystemInput, 'enabled'>,
): Promise<AdminSystem> {
  assertAuthorized(ctx.actor, 'integration.manage');
  try {
    return await auditedChange(
      ctx,
      async (trx, audit) => {
        if (await trx.selectFrom('systems').select('id').where('id', '=', id).executeTakeFirst()) {
          throw new AppError('CONFLICT', M.SYSTEM_ID_TAKEN, { id });
        }
        const now = ctx.now();
        await trx
          .insertInto('systems')
          .values({
            id,
            name: input.name,
            name_en: input.nameEn,
            base_url: input.baseUrl,
            secret_hash: null,
            enabled: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await setSystemApps(trx, id, input.apps);
        const after = (await loadSystems(trx, ctx.now(), id))[0]!;
        await audit({ action: 'system.create', targetType: 'system', targetId: id, after });
        return after;
      },
      { catalogue: true },
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.SYSTEM_ID_TAKEN, { id });
    throw err;
  }
}

/** Changes a system; fields left out keep their values, `apps` replaces the list of apps it owns. */
export async function editSystem(ctx: AdminContext, id: string, changes: Partial<SystemInput>): Promise<AdminSystem> {
  assertAuthorized(ctx.actor, 'integration.manage');
  return auditedChange(
    ctx,
    async (trx, audit) => {
      const before = (await loadSystems(trx, ctx.now(), id))[0];
      if (!before) throw new AppError('NOT_FOUND', M.SYSTEM_NOT_FOUND, { id });
      const set = {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.nameEn !== undefined ? { name_en: changes.nameEn } : {}),
        ...(changes.baseUrl !== undefined ? { base_url: changes.baseUrl } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled ? 1 : 0 } : {}),
      };
      if (Object.keys(set).length > 0) {
        await trx
          .updateTable('systems')
          .set({ ...set, updated_at: ctx.now() })
          .where('id', '=', id)
          .execute();
      }
      if (changes.apps !== undefined) await setSystemApps(trx, id, changes.apps);
      const after = (await loadSystems(trx, ctx.now(), id))[0]!;
      if (JSON.stringify({ ...after, updatedAt: 0 }) !== JSON.stringify({ ...before, updatedAt: 0 })) {
        await audit({ action: 'system.edit', targetType: 'system', targetId: id, before, after });
      }
      return after;
    },
    { catalogue: true },
  );
}

/**
 * Makes `codes` the apps the system owns: each must exist and belong to no other system (moving an app between
 * systems is two explicit edits, so one system's clients never gain another's app by a typo). Apps left out are
 * released.
 */
async function setSystemApps(trx: Trx, systemId: string, codes: readonly string[]): Promise<void> {
  const wanted = [...new Set(codes)];
  if (wanted.length > 0) {
    const rows = await trx.selectFrom('apps').select(['code', 'system_id']).where('code', 'in', wanted).execute();
    const missing = wanted.find((c) => !rows.some((r) => r.code === c));
    if (missing) {
      throw new AppError('VALIDATION_FAILED', M.SYSTEM_APP_UNKNOWN, { code: missing }, [
        { field: 'apps', in: 'body', message: `no app with the code ${missing}` },
      ]);
    }
    const taken = rows.find((r) => r.system_id !== null && r.system_id !== systemId);
    if (taken) throw new AppError('CONFLICT', M.SYSTEM_APP_TAKEN, { code: taken.code, system: taken.system_id! });
  }
  let release = trx.updateTable('apps').set({ system_id: null }).where('system_id', '=', systemId);
  if (wanted.length > 0) release = release.where('code', 'not in', wanted);
  await release.execute();
  if (wanted.length > 0)
    await trx.updateTable('apps').set({ system_id: systemId }).where('code', 'in', wanted).execute();
}

/**
 * A new callback secret for a system, answered once (the system's own POST /api/integration/callback-secret does
 * the same). The audit row records that and when, never the secret.
 */
export async function rotateSystemCallbackSecret(
  ctx: AdminContext,
  id: string,
): Promise<{ secret: string; previousValidUntil: number | null }> {
  assertAuthorized(ctx.actor, 'integration.manage');
  return auditedChange(ctx, async (trx, audit) => {
    const before = (await loadSystems(trx, ctx.now(), id))[0];
    if (!before) throw new AppError('NOT_FOUND', M.SYSTEM_NOT_FOUND, { id });
    const rotated = await replaceCallbackSecret(trx, id, ctx.now());
    await audit({
      action: 'system.rotate-callback-secret',
      targetType: 'system',
      targetId: id,
      before: { callbackSecret: before.callbackSecret },
      after: { callbackSecret: true, previousValidUntil: rotated.previousValidUntil },
    });
    return rotated;
  });
}
