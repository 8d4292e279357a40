import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';

import type { Effect, ProcessState } from '@service-hall/engine';

import type { Db } from '../../db/database.ts';
import { preparedQuery, preparedStatement } from '../../platform/prepared-query.ts';
import type { ChangeLog } from '../events/change-log.ts';
import { TODO } from '../tasks/open-status.ts';

export interface ProcessRef {
  id: string;
  app_id: string;
  owner_id: string;
  uri: string;
}

/**
 * Writes a changed process in one statement: its engine state and last-change time, and — when the engine finished
 * it — its status and finish time (rather than two updates of the same row). The triggers of
 * migrations/023-list-rows.ts copy the change into the process's list rows, move its participants' last-change time
 * and mark them finished. Pass `{ finishWritten: true }` to applyEffects afterwards.
 */
export async function saveProcessState(
  trx: Db,
  p: { id: string },
  state: ProcessState,
  effects: Effect[],
  now: number,
): Promise<void> {
  const finished = effects.find((e) => e.type === 'process.finished');
  await saveState(trx, {
    state: JSON.stringify(state),
    now,
    id: p.id,
    status: finished?.type === 'process.finished' ? finished.status : null,
    finishedAt: finished ? now : null,
  });
}

const saveState = preparedStatement(['state', 'now', 'status', 'finishedAt', 'id'], (db, s) =>
  db
    .updateTable('processes')
    .set({
      state: s.state,
      updated_at: s.now,
      status: sql<string>`coalesce(${s.status}, status)`,
      finished_at: sql<number>`coalesce(${s.finishedAt}, finished_at)`,
    })
    .where('id', '=', s.id),
);

/**
 * Writes the engine's effects to the tables, inside the caller's transaction: tasks opened, decided and
 * cancelled, copies, the finish, and who must hear about it. The acted task itself is already claimed by the
 * caller (the race-safe UPDATE), so its task.completed effect only adds the actor as a participant.
 * Participants' last-change time and finished flag follow the process row by trigger (migrations/023-list-rows.ts).
 */
export async function applyEffects(
  trx: Db,
  p: ProcessRef,
  effects: Effect[],
  change: ChangeLog,
  options: { finishWritten?: boolean } = {},
): Promise<void> {
  const now = change.now;
  for (const e of effects) {
    switch (e.type) {
      case 'task.created':
        await insertTask(trx, {
          id: e.taskId,
          processId: p.id,
          stepId: e.stepId,
          name: e.name.zh,
          assigneeId: e.assigneeId,
          actions: JSON.stringify(e.actions),
          uri: `${p.uri}&task=${encodeURIComponent(e.taskId)}`,
          appId: p.app_id,
          now,
        });
        // Delegates see the task with entrust=true, so their to-do list needs a refresh too.
        for (const d of await activeDelegatesOf(trx, e.assigneeId, p.app_id, now))
          change.touch(d, 'task.created', ['todo']);
        break;
      case 'task.completed':
        await addParticipant(trx, p.id, e.actorId, now);
        if (e.onBehalfOfId) await addParticipant(trx, p.id, e.onBehalfOfId, now);
        change.touch(e.actorId, 'task.completed', ['todo', 'doing', 'done']);
        if (e.onBehalfOfId) change.touch(e.onBehalfOfId, 'task.completed', ['todo', 'doing', 'done']);
        if (p.owner_id !== e.actorId) {
          change.record(p.owner_id, 'task.completed', e.taskId, 'task.completed', ['doing']);
        }
        break;
      case 'task.cancelled': {
        const [row] = await cancelTask(trx, { now, id: e.taskId });
        if (row) change.touch(row.assignee_id, 'task.cancelled', ['todo']);
        break;
      }
      case 'process.copied':
        for (const userId of e.userIds) {
          await insertCopy(trx, { id: randomUUID(), processId: p.id, userId, now });
        }
        break;
      case 'process.finished':
        if (!options.finishWritten) {
          await trx
            .updateTable('processes')
            .set({ status: e.status, finished_at: now })
            .where('id', '=', p.id)
            .execute();
        }
        if (e.status === 'completed') {
          await countCompleted(trx, { appId: p.app_id });
        }
        break;
      case 'notify': {
        const kind = e.kind;
        if (kind === 'task.assigned')
          change.record(e.userId, kind, lastTaskFor(effects, e.userId), 'task.created', ['todo', 'infos']);
        else if (kind === 'process.copied') change.record(e.userId, kind, null, 'process.copied', ['cc', 'infos']);
        else change.record(e.userId, kind, null, 'process.finished', ['doing', 'done', 'infos']);
        break;
      }
    }
  }
}

const insertParticipant = preparedStatement(['processId', 'userId', 'isOwner', 'now'], (db, s) =>
  db
    .insertInto('process_participants')
    .values({
      process_id: s.processId,
      user_id: s.userId,
      is_owner: s.isOwner,
      finished: 0,
      created_at: s.now,
      updated_at: s.now,
    })
    .onConflict((oc) => oc.columns(['process_id', 'user_id']).doNothing()),
);

/** Adds a user to the process's participants (doing/done lists) once. */
export async function addParticipant(
  trx: Db,
  processId: string,
  userId: string,
  now: number,
  isOwner = false,
): Promise<void> {
  await insertParticipant(trx, { processId, userId, isOwner: isOwner ? 1 : 0, now });
}

async function activeDelegatesOf(trx: Db, userId: string, appId: string, now: number): Promise<string[]> {
  const rows = await delegatesOf(trx, { userId, endAfter: now, startBy: now, appId });
  return rows.map((r) => r.to_user_id);
}

// The statements of the effects, compiled once (building and compiling one with Kysely cost about
// as much as running it).
const insertTask = preparedStatement(
  ['id', 'processId', 'stepId', 'name', 'assigneeId', 'actions', 'uri', 'appId', 'now'],
  (db, s) =>
    db.insertInto('tasks').values({
      id: s.id,
      process_id: s.processId,
      step_id: s.stepId,
      name: s.name,
      assignee_id: s.assigneeId,
      status: 'todo',
      actions: s.actions,
      uri: s.uri,
      app_id: s.appId,
      assign_time: s.now,
      action_id: null,
      action_name: '',
      action_user_id: null,
      on_behalf_of_id: null,
      action_time: null,
      remark: '',
    }),
);
const cancelTask = preparedQuery(['now', 'id'], (db, s) =>
  db
    .updateTable('tasks')
    .set({ status: 'cancelled', action_time: s.now })
    .where('id', '=', s.id)
    .where('status', '=', TODO)
    .returning('assignee_id'),
);
const insertCopy = preparedStatement(['id', 'processId', 'userId', 'now'], (db, s) =>
  db
    .insertInto('cc_records')
    .values({ id: s.id, process_id: s.processId, user_id: s.userId, read: 0, created_at: s.now, read_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'process_id']).doNothing()),
);
const countCompleted = preparedStatement(['appId'], (db, s) =>
  db
    .updateTable('apps')
    .set((eb) => ({ completed: eb('completed', '+', 1) }))
    .where('id', '=', s.appId),
);
const delegatesOf = preparedQuery(['userId', 'endAfter', 'startBy', 'appId'], (db, s) =>
  db
    .selectFrom('delegations')
    .select('to_user_id')
    .where('from_user_id', '=', s.userId)
    .where('end_at', '>', s.endAfter)
    .where('start_at', '<=', s.startBy)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('app_id', 'is', null), eb('app_id', '=', s.appId)])),
);

function lastTaskFor(effects: Effect[], userId: string): string | null {
  const created = effects.filter((e) => e.type === 'task.created' && e.assigneeId === userId);
  const last = created.at(-1);
  return last && last.type === 'task.created' ? last.taskId : null;
}
