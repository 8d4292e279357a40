import { randomUUID } from 'node:crypto';

import type { ExternalTask, PutExternalTaskBody } from '@service-hall/contracts';

import type { Db } from '../../db/database.ts';
import { AppError, conflict } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { ChangeLog } from '../events/change-log.ts';
import { addParticipant } from '../processes/apply-effects.ts';
import { lockProcess } from '../processes/processes-repository.ts';
import { TODO } from '../tasks/open-status.ts';
import { callbackBase, callbackOutside } from './callback-url.ts';
import { touchProcess } from './external-changes.ts';
import { requireProcessOfSystem, userNamed } from './external-refs.ts';
import { integrationMessages as M } from './integration-messages.ts';
import type { CallingSystem } from './integration-policy.ts';

/** Where a pushed task stands apart from our own: the step id every external task carries. */
export const EXTERNAL_STEP = 'external';

const taskOfSystem = (db: Db, system: CallingSystem, externalId: string) =>
  db
    .selectFrom('tasks')
    .select(['id', 'process_id', 'assignee_id', 'status'])
    .where('system_id', '=', system.id)
    .where('external_id', '=', externalId)
    .executeTakeFirst();

/** Actions as our tasks store them: [{id, name: {zh, en}}]. */
const storedActions = (actions: PutExternalTaskBody['actions']) =>
  JSON.stringify(
    actions.map((a) => ({
      id: a.id,
      name: typeof a.name === 'string' ? { zh: a.name, en: a.name } : { zh: a.name.zh, en: a.name.en || a.name.zh },
    })),
  );

/**
 * PUT /api/integration/tasks/{externalId}: opens, updates, finishes or cancels one task of the system's process.
 * An open task shows in its assignee's to-do list (and their delegates'); a finished one adds the actor to the
 * process's participants (their done list once the process ends). A finished task cannot reopen.
 */
export async function putExternalTask(
  ctx: AppContext,
  system: CallingSystem,
  externalId: string,
  body: PutExternalTaskBody,
): Promise<ExternalTask> {
  const assignee = await userNamed(ctx.db, body.assignee, 'assignee');
  const actor = body.status === 'done' ? (body.actor ? await userNamed(ctx.db, body.actor, 'actor') : assignee) : null;
  const found = await requireProcessOfSystem(ctx.db, system, body.process);
  if (body.callbackUrl) {
    const row = await ctx.db
      .selectFrom('systems')
      .select(['callback_secret', 'base_url'])
      .where('id', '=', system.id)
      .executeTakeFirst();
    requireUnderBase(ctx, body.callbackUrl, row?.base_url ?? '');
    // Unsigned deliveries could be forged by anyone who learns the URL: no callback before a secret exists.
    if (!row?.callback_secret) throw conflict(M.CALLBACK_SECRET_MISSING);
  }
  const now = ctx.now();
  const change = new ChangeLog(found.id, now);
  const result = await ctx.db.transaction().execute(async (trx) => {
    await lockProcess(trx, ctx.dialect, found.id);
    const p = await requireProcessOfSystem(trx, system, body.process);
    const fields = {
      name: body.name,
      uri: body.uri,
      actions: storedActions(body.actions),
      callback_url: body.callbackUrl ?? null,
    };
    const finished = actor
      ? { status: 'done', action_user_id: actor.id, action_time: now, action_name: body.actionName, action_id: null }
      : body.status === 'cancelled'
        ? { status: 'cancelled', action_time: now }
        : {};
    let existing = await taskOfSystem(trx, system, externalId);
    if (!existing) {
      if (p.status !== 'doing' && body.status === 'todo') throw conflict(M.EXTERNAL_PROCESS_NOT_RUNNING);
      const id = randomUUID();
      const inserted = await trx
        .insertInto('tasks')
        .values({
          id,
          process_id: p.id,
          step_id: EXTERNAL_STEP,
          assignee_id: assignee.id,
          status: 'todo',
          app_id: p.app_id,
          assign_time: now,
          action_id: null,
          action_name: '',
          action_user_id: null,
          on_behalf_of_id: null,
          action_time: null,
          remark: '',
          system_id: system.id,
          external_id: externalId,
          ...fields,
          ...finished,
        })
        .onConflict((oc) => oc.columns(['system_id', 'external_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
        if (body.status === 'todo') {
          change.record(assignee.id, 'task.assigned', id, 'task.created', ['todo', 'infos']);
          await touchDelegates(trx, assignee.id, p.app_id, change);
        }
        if (actor) await actedBy(trx, p, actor.id, change);
        await touchProcess(trx, p.id, now);
        await change.write(trx);
        return { id, process_id: p.id, status: body.status };
      }
      existing = (await taskOfSystem(trx, system, externalId))!;
    }
    if (existing.process_id !== p.id) throw conflict(M.EXTERNAL_TASK_OTHER_PROCESS);
    if (existing.status !== 'todo' && body.status !== existing.status) throw conflict(M.EXTERNAL_TASK_FINISHED);
    if (existing.status !== 'todo') {
      // The same finish pushed again: only what it shows may change.
      await trx.updateTable('tasks').set({ name: body.name, uri: body.uri }).where('id', '=', existing.id).execute();
      return existing;
    }
    await trx
      .updateTable('tasks')
      .set({ ...fields, assignee_id: assignee.id, ...finished })
      .where('id', '=', existing.id)
      .where('status', '=', TODO)
      .execute();
    change.touch(existing.assignee_id, body.status === 'todo' ? 'task.created' : 'task.cancelled', ['todo']);
    if (existing.assignee_id !== assignee.id && body.status === 'todo') {
      change.record(assignee.id, 'task.assigned', existing.id, 'task.created', ['todo', 'infos']);
      await touchDelegates(trx, assignee.id, p.app_id, change);
    }
    if (actor) await actedBy(trx, p, actor.id, change);
    await touchProcess(trx, p.id, now);
    await change.write(trx);
    return { ...existing, status: body.status };
  });
  change.publish(ctx);
  return { id: result.id, externalId, processId: result.process_id, status: result.status as ExternalTask['status'] };
}

/** Refuses a callback URL that is not under the system's registered base, naming the base (callback-url.ts). */
function requireUnderBase(ctx: AppContext, callbackUrl: string, baseUrl: string): void {
  const base = callbackBase(baseUrl, ctx.config);
  const field = (message: string) => [{ field: 'callbackUrl', in: 'body' as const, message }];
  if (!base)
    throw new AppError(
      'CALLBACK_URL_REFUSED',
      M.CALLBACK_BASE_MISSING,
      {},
      field('the system has no registered base URL'),
    );
  const problem = callbackOutside(callbackUrl, base);
  if (problem) {
    throw new AppError(
      'CALLBACK_URL_REFUSED',
      M.CALLBACK_URL_OUTSIDE_BASE,
      { base: base.href },
      field(problem === 'credentials' ? 'must not carry a user name or password' : `must be under ${base.href}`),
    );
  }
}

/** The actor of a finished task joins the process's participants (doing, then done) and the owner hears of it. */
async function actedBy(
  trx: Db,
  p: { id: string; owner_id: string; status: string },
  actorId: string,
  change: ChangeLog,
) {
  await addParticipant(trx, p.id, actorId, change.now);
  if (p.status !== 'doing') {
    await trx
      .updateTable('process_participants')
      .set({ finished: 1 })
      .where('process_id', '=', p.id)
      .where('user_id', '=', actorId)
      .execute();
  }
  change.touch(actorId, 'task.completed', ['todo', 'doing', 'done']);
  if (p.owner_id !== actorId) change.touch(p.owner_id, 'task.completed', ['doing']);
}

/** Delegates of the assignee see the task with entrust=true: their to-do list needs a refresh too. */
async function touchDelegates(trx: Db, userId: string, appId: string, change: ChangeLog): Promise<void> {
  const rows = await trx
    .selectFrom('delegations')
    .select('to_user_id')
    .where('from_user_id', '=', userId)
    .where('end_at', '>', change.now)
    .where('start_at', '<=', change.now)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('app_id', 'is', null), eb('app_id', '=', appId)]))
    .execute();
  for (const r of rows) change.touch(r.to_user_id, 'task.created', ['todo']);
}
