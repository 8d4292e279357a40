import type { ProcessDetail } from '@service-hall/contracts';
import { urge, type ProcessState, type Transition } from '@service-hall/engine';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { ChangeLog } from '../events/change-log.ts';
import { powersMessages as P } from '../tasks/powers-messages.ts';
import { mapEngineError } from './engine-errors.ts';
import { loadVisibleProcess, presentLoaded } from './process-detail.ts';
import { lockProcess } from './processes-repository.ts';

/** The event type an urge leaves for each reminded assignee: their notification, and the process's urge log. */
export const URGED = 'process.urged';

/** When the process was last urged (its assignees' `process.urged` rows), or null. */
export async function lastUrgedAt(db: Db, processId: string): Promise<number | null> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('process_id', '=', processId)
    .where('type', '=', URGED)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** Every urge of a process (one time per urge, oldest first): the applicant is the only one who urges. */
export async function urgeTimes(db: Db, processId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('events')
    .select('created_at')
    .distinct()
    .where('process_id', '=', processId)
    .where('type', '=', URGED)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => Number(r.created_at));
}

export interface UrgeInput {
  processId: string;
  now: number;
  locale: Locale;
  onCommit?: (trx: Db, detail: ProcessDetail) => Promise<void>;
}

/**
 * 催办: the applicant reminds the current assignees of a running process, at most once an hour (URGED_RECENTLY,
 * nothing written). Each assignee gets a notification, live; the urge is kept for the timeline.
 */
export async function urgeProcess(ctx: AppContext, user: AuthUser, input: UrgeInput): Promise<ProcessDetail> {
  const { now } = input;
  await loadVisibleProcess(ctx.db, input.processId, user, now);
  const change = new ChangeLog(input.processId, now, user.id);
  const detail = await ctx.db.transaction().execute(async (trx) => {
    const p = await lockProcess(trx, ctx.dialect, input.processId);
    if (!p) throw notFound();
    if (p.owner_id !== user.id) throw new AppError('FORBIDDEN', 'NOT_STARTER');
    const state = JSON.parse(p.state) as ProcessState;
    let transition: Transition;
    try {
      transition = urge(state, { actorId: user.id, now, lastUrgedAt: await lastUrgedAt(trx, p.id) });
    } catch (e) {
      mapEngineError(e);
    }
    const urged = transition.effects.find((e) => e.type === 'process.urged');
    const userIds = urged?.type === 'process.urged' ? urged.userIds : [];
    if (userIds.length === 0) throw new AppError('CONFLICT', P.NO_OPEN_TASKS);
    for (const userId of userIds) {
      const task = state.openTasks.find((t) => t.assigneeId === userId);
      change.record(userId, URGED, task?.taskId ?? null, 'process.updated', ['todo', 'infos']);
    }
    change.touch(user.id, 'process.updated', ['doing']);
    await change.write(trx);
    const loaded = await loadVisibleProcess(trx, p.id, user, now, { state });
    const result = await presentLoaded(trx, loaded, user, input.locale);
    await input.onCommit?.(trx, result);
    return result;
  });
  change.publish(ctx);
  return detail;
}
