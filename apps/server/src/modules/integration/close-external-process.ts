import { randomUUID } from 'node:crypto';

import type { ExternalProcess } from '@service-hall/contracts';

import { AppError } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { ChangeLog } from '../events/change-log.ts';
import { lockProcess } from '../processes/processes-repository.ts';
import type { UserRow } from '../users/users-repository.ts';
import { finishExternalProcess, touchEveryone } from './external-changes.ts';
import { requireProcessOfSystem, userNamed } from './external-refs.ts';
import { integrationMessages as M } from './integration-messages.ts';
import type { CallingSystem } from './integration-policy.ts';
import { presentExternalProcess } from './put-external-process.ts';

/**
 * POST …/processes/{externalId}/close: completes, rejects or cancels (`withdrawn`) the system's process; its open
 * tasks leave every to-do list. Closing again with the same result is a no-op; with another result, 409.
 */
export async function closeExternalProcess(
  ctx: AppContext,
  system: CallingSystem,
  externalId: string,
  status: 'completed' | 'rejected' | 'withdrawn',
): Promise<ExternalProcess> {
  const now = ctx.now();
  const found = await requireProcessOfSystem(ctx.db, system, externalId);
  const change = new ChangeLog(found.id, now);
  const result = await ctx.db.transaction().execute(async (trx) => {
    await lockProcess(trx, ctx.dialect, found.id);
    const p = await requireProcessOfSystem(trx, system, externalId);
    if (p.status === status) return p;
    if (p.status !== 'doing') throw new AppError('CONFLICT', M.EXTERNAL_PROCESS_FINISHED, { status: p.status });
    await touchEveryone(trx, p.id, change, ['todo', 'doing', 'done', 'cc']);
    await finishExternalProcess(trx, p, status, change);
    await change.write(trx);
    return requireProcessOfSystem(trx, system, externalId);
  });
  change.publish(ctx);
  return presentExternalProcess(result, externalId);
}

/** PUT …/processes/{externalId}/cc: copies the process to users; those already copied are left as they are. */
export async function copyExternalProcess(
  ctx: AppContext,
  system: CallingSystem,
  externalId: string,
  refs: string[],
): Promise<ExternalProcess> {
  const now = ctx.now();
  const p = await requireProcessOfSystem(ctx.db, system, externalId);
  // Every user is checked before anything is written: one unknown name copies to nobody.
  const users: UserRow[] = [];
  for (const [i, ref] of refs.entries()) users.push(await userNamed(ctx.db, ref, `users.${i}`));
  const change = new ChangeLog(p.id, now);
  await ctx.db.transaction().execute(async (trx) => {
    for (const u of new Map(users.map((x) => [x.id, x])).values()) {
      const r = await trx
        .insertInto('cc_records')
        .values({ id: randomUUID(), process_id: p.id, user_id: u.id, read: 0, created_at: now, read_at: null })
        .onConflict((oc) => oc.columns(['user_id', 'process_id']).doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) === 1)
        change.record(u.id, 'process.copied', null, 'process.copied', ['cc', 'infos']);
    }
    await change.write(trx);
  });
  change.publish(ctx);
  return presentExternalProcess(p, externalId);
}
