import type { FastifyBaseLogger } from 'fastify';

import type { ProcessDetail } from '@service-hall/contracts';
import { act, type ProcessState } from '@service-hall/engine';

import { resolveActingUser } from '../../auth/acting-user.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { preparedStatement } from '../../platform/prepared-query.ts';
import { attachToProcess } from '../attachments/attach-to-process.ts';
import { definitionAt } from '../definitions/definitions-repository.ts';
import { activeDelegationsTo } from '../delegations/delegations-repository.ts';
import { ChangeLog } from '../events/change-log.ts';
import { actOnExternalTask } from '../integration/act-on-external-task.ts';
import { applyEffects, saveProcessState } from '../processes/apply-effects.ts';
import { mapEngineError } from '../processes/engine-errors.ts';
import { formInput } from '../processes/form-input.ts';
import { loadVisibleProcess, presentLoaded } from '../processes/process-detail.ts';
import { findTaskForAction, lockProcessForViewer } from '../processes/processes-repository.ts';
import { auditSystemAct, requireUserForSystem, viaSystemOf } from '../system-acting/system-acting.ts';
import { loadDirectory } from '../users/directory.ts';
import { TODO } from './open-status.ts';
import { actingFor, actingRight } from './task-policy.ts';

// The claim and the state write of every action, compiled once.
const claimTask = preparedStatement(
  ['id', 'actionId', 'actionName', 'actorId', 'onBehalfOfId', 'now', 'remark', 'viaSystemId'],
  (db, s) =>
    db
      .updateTable('tasks')
      .set({
        status: 'done',
        action_id: s.actionId,
        action_name: s.actionName,
        action_user_id: s.actorId,
        on_behalf_of_id: s.onBehalfOfId,
        action_time: s.now,
        remark: s.remark,
        via_system_id: s.viaSystemId,
      })
      .where('id', '=', s.id)
      .where('status', '=', TODO),
);

export interface ActInput {
  taskId: string;
  actionId: string;
  remark: string;
  /** Act as this user (the userId rule, auth/acting-user.ts); undefined: as the caller. */
  userId?: string | undefined;
  /** With `resubmit`: the applicant's corrected form data (JSON text). */
  data?: string | undefined;
  now: number;
  locale: Locale;
  onCommit?: (trx: Db, detail: ProcessDetail) => Promise<void>;
  /** The request's log, for what must not reach the caller (why an external system's callback failed). */
  log?: FastifyBaseLogger;
}

/**
 * Handles a task exactly once. The claim `UPDATE tasks SET status='done' … WHERE id=? AND status='todo'` runs
 * inside the transaction (after locking the process row on PostgreSQL): of two concurrent requests only one
 * changes a row, the other gets 409. The engine then moves the process and every effect is written before the
 * same commit.
 */
export async function actOnTask(ctx: AppContext, user: AuthUser, input: ActInput): Promise<ProcessDetail> {
  const { now } = input;
  requireUserForSystem(user, input.userId);
  const found = await findTaskForAction(ctx.db, input.taskId);
  if (!found) throw notFound();
  const { starter_owner_id, starter_external_id, directory_version, ...task } = found;
  const starter = { owner_id: starter_owner_id, external_id: starter_external_id };
  const delegations = await activeDelegationsTo(ctx.db, user.id, now);
  const acting = await resolveActingUser(ctx.db, user, input.userId, { now, appId: task.app_id }).catch(
    async (e: unknown) => {
      // A member who may not even see the process learns nothing about it, not even that userId was the problem.
      if (user.system === undefined) await loadVisibleProcess(ctx.db, task.process_id, user, now);
      throw e;
    },
  );
  const right =
    acting.mode === 'self'
      ? actingRight(user, { ...task, starter_id: starter.owner_id }, delegations)
      : actingFor(acting, user, { ...task, starter_id: starter.owner_id });
  // Who sees the answer: the caller, or for a system the user it acts for (a system takes no part in processes).
  const viewer = acting.mode === 'system' ? acting.user : user;
  if (!right) {
    // Someone who may see the process learns they cannot act; anyone else learns nothing.
    await loadVisibleProcess(ctx.db, task.process_id, viewer, now);
    if (starter.owner_id === user.id || starter.owner_id === acting.user.id)
      throw new AppError('FORBIDDEN', 'OWN_PROCESS');
    throw new AppError('FORBIDDEN', acting.mode === 'self' ? 'FORBIDDEN' : 'TASK_NOT_ACTING_USERS');
  }
  const offered = (JSON.parse(task.actions) as Array<{ id: string; name: { zh: string } }>).find(
    (a) => a.id === input.actionId,
  );
  if (task.status !== 'todo') throw new AppError('TASK_ALREADY_HANDLED');
  if (starter.external_id !== null) {
    // An external system's task: its system decides, through the task's callback.
    return actOnExternalTask(ctx, user, {
      taskId: task.id,
      processId: task.process_id,
      right,
      action: offered,
      remark: input.remark,
      now,
      locale: input.locale,
      onCommit: input.onCommit,
      viewer,
      log: input.log,
    });
  }
  if (!offered) {
    throw new AppError('VALIDATION_FAILED', 'ACTION_NOT_OFFERED', {}, [{ field: 'actionId', message: 'not offered' }]);
  }
  const directory = await loadDirectory(ctx.db, directory_version === null ? undefined : Number(directory_version));
  const change = new ChangeLog(task.process_id, now);

  const detail = await ctx.db.transaction().execute(async (trx) => {
    // Process row first, then the task: withdraw takes them in the same order, so the two never deadlock.
    const p = await lockProcessForViewer(trx, ctx.dialect, task.process_id, viewer.id);
    if (!p || !p.definition_code || p.definition_version === null) throw notFound();
    const claimed = await claimTask(trx, {
      id: task.id,
      actionId: offered.id,
      actionName: offered.name.zh,
      actorId: right.actorId,
      onBehalfOfId: right.onBehalfOfId,
      now,
      remark: input.remark,
      viaSystemId: viaSystemOf(user),
    });
    if (Number(claimed.numAffectedRows ?? 0) === 0) throw new AppError('TASK_ALREADY_HANDLED');
    await auditSystemAct(trx, user, now, {
      action: 'task.act',
      targetType: 'task',
      targetId: task.id,
      user: { id: acting.user.id, account: acting.user.account },
      details: { process: task.process_id, actionId: offered.id, remark: input.remark },
    });

    const def = await definitionAt(trx, p.definition_code, p.definition_version);
    if (!def) throw new Error(`definition ${p.definition_code}@${p.definition_version} missing`);
    // A resubmission may correct the form: validated as a start is, its new uploads attached, the stored data replaced.
    const corrected =
      input.data === undefined
        ? undefined
        : await formInput(trx, def, input.data, input.locale, {
            ownerId: p.owner_id,
            appId: p.app_id,
            processId: p.id,
          });
    if (corrected) {
      await attachToProcess(trx, corrected.attachmentIds, p.id, now);
      await trx
        .updateTable('processes')
        .set({ data: JSON.stringify(corrected.data) })
        .where('id', '=', p.id)
        .execute();
    }
    let transition;
    try {
      transition = act(def, JSON.parse(p.state) as ProcessState, {
        taskId: task.id,
        actionId: offered.id,
        actorId: right.actorId,
        onBehalfOfId: right.onBehalfOfId,
        remark: input.remark,
        now,
        directory,
        ...(corrected ? { data: corrected.data } : {}),
      });
    } catch (e) {
      mapEngineError(e);
    }
    await saveProcessState(trx, p, transition.state, transition.effects, now);
    await applyEffects(trx, p, transition.effects, change, { finishWritten: true });
    await change.write(trx);
    // The delegations read above are still in force at `now`; the state is the one just written.
    // The row read under the lock, with what this action changed in it (the list triggers change nothing it shows).
    const finished = transition.effects.find((e) => e.type === 'process.finished');
    const { state: _read, ...locked } = p;
    const row = {
      ...locked,
      updated_at: now,
      status: finished?.type === 'process.finished' ? finished.status : p.status,
      // A resubmission's corrected data is what the answer shows, not the data read under the lock.
      ...(corrected ? { data: JSON.stringify(corrected.data) } : {}),
    };
    const loaded = await loadVisibleProcess(
      trx,
      p.id,
      viewer,
      now,
      viewer === user
        ? { delegations, state: transition.state, directory, row }
        : { state: transition.state, directory, row },
    );
    const result = await presentLoaded(trx, loaded, viewer, input.locale);
    await input.onCommit?.(trx, result);
    return result;
  });
  change.publish(ctx);
  return detail;
}
