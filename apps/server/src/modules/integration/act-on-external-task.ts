import type { FastifyBaseLogger } from 'fastify';

import type { ProcessDetail } from '@service-hall/contracts';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { outboundTarget } from '../../platform/outbound-http.ts';
import { ChangeLog } from '../events/change-log.ts';
import { addParticipant } from '../processes/apply-effects.ts';
import { loadVisibleProcess, presentLoaded } from '../processes/process-detail.ts';
import { lockProcess } from '../processes/processes-repository.ts';
import { auditSystemAct, viaSystemOf } from '../system-acting/system-acting.ts';
import { TODO } from '../tasks/open-status.ts';
import type { ActingRight } from '../tasks/task-policy.ts';
import { callbackBase, callbackOutside } from './callback-url.ts';
import { deliverCallback, outcomeLabel, type DeliveryOutcome } from './deliver-callback.ts';
import { touchProcess } from './external-changes.ts';
import { integrationMessages as M } from './integration-messages.ts';

/** A pending delivery older than this belongs to a request that died; a retry may send it again (same key). */
const PENDING_STALE_SECONDS = 60;

export interface ExternalAct {
  taskId: string;
  processId: string;
  right: NonNullable<ActingRight>;
  /** The offered action the member chose (undefined: the task does not offer `actionId`). */
  action: { id: string; name: { zh: string; en?: string } } | undefined;
  remark: string;
  now: number;
  locale: Locale;
  onCommit?: (trx: Db, detail: ProcessDetail) => Promise<void>;
  /**
   * Whom the answer is shown to and the audit names: the caller, or for a system the user it acts for. A system
   * sees no process itself: loaded as the caller, the answer would be a 404 after the system had accepted.
   */
  viewer: AuthUser;
  /** Where a failed delivery's cause is logged (the request's log). */
  log?: FastifyBaseLogger | undefined;
}

/**
 * A member's action on an external task. The system decides, so the task is only marked done
 * once its callback answered 2xx. Each (task, action) has one delivery row whose key is the Idempotency-Key the
 * system sees on every attempt and every retry: a retry after a timeout, a member's second try, or a second
 * instance racing the first never makes the system apply the action twice, and the task is claimed once
 * (`… WHERE status = 'todo'`) as ours are.
 */
export async function actOnExternalTask(ctx: AppContext, user: AuthUser, a: ExternalAct): Promise<ProcessDetail> {
  const info = await ctx.db
    .selectFrom('tasks as t')
    .innerJoin('processes as p', 'p.id', 't.process_id')
    .innerJoin('systems as s', 's.id', 't.system_id')
    .select([
      't.callback_url',
      't.external_id',
      'p.external_id as process_external_id',
      'p.entry',
      's.id as system_id',
      's.name',
      's.name_en',
      's.base_url',
      's.callback_secret',
      's.callback_secret_previous',
      's.callback_secret_rotated_at',
    ])
    .where('t.id', '=', a.taskId)
    .executeTakeFirstOrThrow();
  const system = a.locale === 'en' && info.name_en ? info.name_en : info.name;
  if (!info.callback_url || !info.callback_secret) throw new AppError('CONFLICT', M.ACT_IN_SYSTEM, { system });
  const action = a.action;
  if (!action) {
    throw new AppError('VALIDATION_FAILED', 'ACTION_NOT_OFFERED', {}, [{ field: 'actionId', message: 'not offered' }]);
  }
  const key = `${a.taskId}:${action.id}`;
  await claimDelivery(ctx, key, { ...a, action }, system);

  const actor = await ctx.db
    .selectFrom('users')
    .select(['id', 'account', 'name'])
    .where('id', 'in', [a.right.actorId, a.right.onBehalfOfId ?? a.right.actorId])
    .execute();
  const person = (id: string | null) => (id ? (actor.find((u) => u.id === id) ?? null) : null);
  const payload = {
    event: 'task.action',
    time: a.now,
    task: { id: a.taskId, externalId: info.external_id },
    process: { id: a.processId, externalId: info.process_external_id, entry: info.entry },
    action: { id: action.id, name: action.name.zh },
    remark: a.remark,
    user: person(a.right.actorId),
    onBehalfOf: person(a.right.onBehalfOfId),
  };
  // The base may have changed since the task was pushed: a URL no longer under it is not called at all.
  const base = callbackBase(info.base_url, ctx.config);
  const outcome: DeliveryOutcome =
    !base || callbackOutside(info.callback_url, base)
      ? { ok: false, attempts: 0, reason: { kind: 'outside-base' } }
      : await deliverCallback(ctx.config.callbacks, {
          url: info.callback_url,
          payload,
          idempotencyKey: key,
          now: ctx.now,
          secrets: {
            current: info.callback_secret,
            previous: info.callback_secret_previous,
            rotatedAt: info.callback_secret_rotated_at,
          },
        });
  ctx.metrics.callbacks.inc({ system: info.system_id, outcome: outcomeLabel(outcome) });
  if (!outcome.ok) {
    await ctx.db
      .updateTable('callback_deliveries')
      .set((eb) => ({
        state: 'failed',
        attempts: eb('attempts', '+', outcome.attempts),
        last_error: JSON.stringify(outcome.reason),
        updated_at: ctx.now(),
      }))
      .where('idempotency_key', '=', key)
      .execute();
    a.log?.warn(
      {
        event: 'callback.failed',
        system: info.system_id,
        task: a.taskId,
        target: outboundTarget(info.callback_url),
        attempts: outcome.attempts,
        reason: outcome.reason,
      },
      'callback delivery failed',
    );
    // One message whatever the cause: what a system's address answers (a status, a refusal, silence) stays in the
    // log, so a callback cannot be used to learn what listens where.
    throw new AppError('CALLBACK_FAILED', M.CALLBACK_FAILED, { system });
  }

  const change = new ChangeLog(a.processId, a.now);
  const detail = await ctx.db.transaction().execute(async (trx) => {
    const p = (await lockProcess(trx, ctx.dialect, a.processId))!;
    await trx
      .updateTable('callback_deliveries')
      .set((eb) => ({
        state: 'done',
        attempts: eb('attempts', '+', outcome.attempts),
        last_error: '',
        updated_at: a.now,
      }))
      .where('idempotency_key', '=', key)
      .execute();
    const claimed = await trx
      .updateTable('tasks')
      .set({
        status: 'done',
        action_id: action.id,
        action_name: action.name.zh,
        action_user_id: a.right.actorId,
        on_behalf_of_id: a.right.onBehalfOfId,
        action_time: a.now,
        remark: a.remark,
        via_system_id: viaSystemOf(user),
      })
      .where('id', '=', a.taskId)
      .where('status', '=', TODO)
      .executeTakeFirst();
    // Zero rows: the system finished the task itself meanwhile (it had our request); nothing left to write.
    if (Number(claimed.numUpdatedRows) === 1) {
      for (const id of [a.right.actorId, a.right.onBehalfOfId]) {
        if (!id) continue;
        await addParticipant(trx, a.processId, id, a.now);
        change.touch(id, 'task.completed', ['todo', 'doing', 'done']);
      }
      if (p.owner_id !== a.right.actorId) change.touch(p.owner_id, 'task.completed', ['doing']);
      await touchProcess(trx, a.processId, a.now);
      await auditSystemAct(trx, user, a.now, {
        action: 'task.act',
        targetType: 'task',
        targetId: a.taskId,
        user: { id: a.viewer.id, account: a.viewer.account },
        details: { process: a.processId, actionId: action.id, remark: a.remark },
      });
    }
    const loaded = await loadVisibleProcess(trx, a.processId, a.viewer, a.now);
    const result = await presentLoaded(trx, loaded, a.viewer, a.locale);
    await a.onCommit?.(trx, result);
    return result;
  });
  change.publish(ctx);
  return detail;
}

/**
 * Takes the task's delivery for this request, in a transaction that locks the task row on PostgreSQL: an
 * accepted delivery means the task is handled (409), one still out means wait (409), otherwise this request sends.
 */
async function claimDelivery(
  ctx: AppContext,
  key: string,
  a: ExternalAct & { action: NonNullable<ExternalAct['action']> },
  system: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('tasks').select('status').where('id', '=', a.taskId);
    if (ctx.dialect === 'postgres') q = q.forUpdate();
    const task = await q.executeTakeFirstOrThrow();
    if (task.status !== 'todo') throw new AppError('TASK_ALREADY_HANDLED');
    const rows = await trx
      .selectFrom('callback_deliveries')
      .select(['state', 'updated_at'])
      .where('task_id', '=', a.taskId)
      .execute();
    if (rows.some((r) => r.state === 'done')) throw new AppError('TASK_ALREADY_HANDLED');
    if (rows.some((r) => r.state === 'pending' && r.updated_at > a.now - PENDING_STALE_SECONDS)) {
      throw new AppError('CONFLICT', M.CALLBACK_IN_PROGRESS, { system });
    }
    await trx
      .insertInto('callback_deliveries')
      .values({
        idempotency_key: key,
        task_id: a.taskId,
        action_id: a.action.id,
        user_id: a.right.actorId,
        state: 'pending',
        attempts: 0,
        last_error: '',
        created_at: a.now,
        updated_at: a.now,
      })
      .onConflict((oc) => oc.column('idempotency_key').doUpdateSet({ state: 'pending', updated_at: a.now }))
      .execute();
  });
}
