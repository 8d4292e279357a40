import type { ProcessActionBody, ProcessDetail } from '@service-hall/contracts';
import { withdraw, type ProcessState } from '@service-hall/engine';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { definitionAt } from '../definitions/definitions-repository.ts';
import { ChangeLog } from '../events/change-log.ts';
import { applyEffects, saveProcessState } from './apply-effects.ts';
import { mapEngineError } from './engine-errors.ts';
import { loadVisibleProcess, presentLoaded } from './process-detail.ts';
import { canMarkRead, canRateProcess } from './process-policy.ts';
import { lockProcess } from './processes-repository.ts';

export interface ProcessActionInput {
  processId: string;
  body: ProcessActionBody;
  now: number;
  locale: Locale;
  onCommit?: (trx: Db, detail: ProcessDetail) => Promise<void>;
}

/** POST /api/process/{id}: mark a copy read, rate a finished process, or withdraw a running one. */
export async function actOnProcess(ctx: AppContext, user: AuthUser, input: ProcessActionInput): Promise<ProcessDetail> {
  const { now, processId, body } = input;
  const change = new ChangeLog(processId, now);
  const detail = await ctx.db.transaction().execute(async (trx) => {
    const p = await lockProcess(trx, ctx.dialect, processId);
    if (!p) throw notFound();
    const loaded = await loadVisibleProcess(trx, processId, user, now);
    if (body.action === 'read') {
      if (!canMarkRead(user, loaded.facts)) throw new AppError('FORBIDDEN', 'NOT_COPIED');
      // Already read stays a success and keeps the first read time (docs/product.md §11).
      await trx
        .updateTable('cc_records')
        .set({ read: 1, read_at: now })
        .where('process_id', '=', processId)
        .where('user_id', '=', user.id)
        .where('read', '=', 0)
        .execute();
      change.touch(user.id, 'process.updated', ['cc']);
    } else if (body.action === 'rate') {
      if (!canRateProcess(user, loaded.facts)) throw new AppError('CONFLICT', 'CANNOT_RATE');
      const rated = await trx
        .updateTable('processes')
        .set({ rating: body.rating, review: body.remark })
        .where('id', '=', processId)
        .where('rating', 'is', null)
        .executeTakeFirst();
      if (Number(rated.numUpdatedRows) === 0) throw new AppError('CONFLICT', 'CANNOT_RATE');
      await trx
        .insertInto('ratings')
        .values({
          process_id: processId,
          user_id: user.id,
          app_id: p.app_id,
          rating: body.rating,
          remark: body.remark,
          created_at: now,
        })
        .execute();
      await trx
        .updateTable('apps')
        .set((eb) => ({ rating_sum: eb('rating_sum', '+', body.rating), rated: eb('rated', '+', 1) }))
        .where('id', '=', p.app_id)
        .execute();
      change.touch(user.id, 'process.updated', ['done']);
    } else {
      if (user.id !== p.owner_id) throw new AppError('FORBIDDEN', 'NOT_STARTER');
      if (!p.definition_code || p.definition_version === null) throw new AppError('CONFLICT', 'CANNOT_WITHDRAW');
      const def = await definitionAt(trx, p.definition_code, p.definition_version);
      if (!def) throw new Error(`definition ${p.definition_code}@${p.definition_version} missing`);
      let transition;
      try {
        transition = withdraw(def, JSON.parse(p.state) as ProcessState, { actorId: user.id, now });
      } catch (e) {
        mapEngineError(e);
      }
      await saveProcessState(trx, p, transition.state, transition.effects, now);
      await applyEffects(trx, p, transition.effects, change, { finishWritten: true });
      change.touch(user.id, 'process.updated', ['doing', 'done']);
    }
    await change.write(trx);
    const result = await presentLoaded(trx, await loadVisibleProcess(trx, processId, user, now), user, input.locale);
    await input.onCommit?.(trx, result);
    return result;
  });
  change.publish(ctx);
  return detail;
}
