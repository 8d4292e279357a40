import type { ProcessState } from '@service-hall/engine';

import type { Dialect } from '../../../db/database.ts';
import { AppError, notFound } from '../../../platform/app-error.ts';
import type { EventBus } from '../../../platform/event-bus.ts';
import type { Metrics } from '../../../platform/metrics.ts';
import { lockProcess } from '../../processes/processes-repository.ts';
import type { AdminContext } from '../admin-context.ts';
import { adminMessages } from '../admin-messages.ts';
import { assertAuthorized, type AdminAction } from '../admin-policy.ts';
import type { Trx } from '../audit/audit-log.ts';

/**
 * An administrative context that also drives processes: row locks need the dialect, live updates the bus, the
 * notifications it writes are counted in the metrics.
 */
export interface ProcessAdminContext extends AdminContext {
  dialect: Dialect;
  bus: EventBus;
  metrics: Metrics;
}

/** The reason an administrator gives, trimmed; REASON_REQUIRED when empty. */
export function requireReason(reason: string): string {
  const r = reason.trim();
  if (!r) throw new AppError('VALIDATION_FAILED', 'REASON_REQUIRED', {}, [{ field: 'reason', message: 'required' }]);
  if (r.length > 500)
    throw new AppError('VALIDATION_FAILED', 'ADMIN_INPUT_INVALID', {}, [
      { field: 'reason', message: 'at most 500 characters' },
    ]);
  return r;
}

/**
 * Locks a running process for an administrative action on it, after checking the actor administers its app. A
 * process an external system pushed has no engine state here: its steps, tasks and ending are the system's, so
 * the console cannot cancel or reassign it (409 naming the system; the system ends or moves it through the
 * integration API).
 */
export async function lockOpenProcess(trx: Trx, ctx: ProcessAdminContext, processId: string, action: AdminAction) {
  const p = await lockProcess(trx, ctx.dialect, processId);
  if (!p) throw notFound();
  assertAuthorized(ctx.actor, action, { appIds: [p.app_id] });
  if (p.status !== 'doing') throw new AppError('CONFLICT', 'PROCESS_NOT_OPEN');
  if (p.definition_code === null) {
    const system = await trx
      .selectFrom('processes')
      .leftJoin('systems', 'systems.id', 'processes.system_id')
      .select(['systems.id', 'systems.name', 'systems.name_en'])
      .where('processes.id', '=', p.id)
      .executeTakeFirst();
    throw new AppError('CONFLICT', adminMessages.ADMIN_PROCESS_PUSHED, {
      system: system?.name ?? system?.id ?? '',
      systemEn: system?.name_en || system?.name || system?.id || '',
    });
  }
  return { ...p, parsed: JSON.parse(p.state) as ProcessState };
}
