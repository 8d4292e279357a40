import type { Db } from '../../db/database.ts';
import type { ChangeLog } from '../events/change-log.ts';
import { TODO } from '../tasks/open-status.ts';

type List = 'todo' | 'doing' | 'done' | 'cc' | 'infos';

/** Everyone whose lists show the process (owner, participants, open-task assignees, copies): a refresh push. */
export async function touchEveryone(trx: Db, processId: string, change: ChangeLog, lists: List[]): Promise<void> {
  const [pp, tasks, cc] = await Promise.all([
    trx.selectFrom('process_participants').select('user_id').where('process_id', '=', processId).execute(),
    trx
      .selectFrom('tasks')
      .select('assignee_id as user_id')
      .where('process_id', '=', processId)
      .where('status', '=', TODO)
      .execute(),
    trx.selectFrom('cc_records').select('user_id').where('process_id', '=', processId).execute(),
  ]);
  for (const r of [...pp, ...tasks, ...cc]) change.touch(r.user_id, 'process.updated', lists);
}

/**
 * Finishes an external process: its status (its participants move to their done lists by the trigger of
 * migrations/023-list-rows.ts), its open tasks cancelled (they leave the to-do lists), the app's counter, and the
 * owner's notification — as our own finish does.
 */
export async function finishExternalProcess(
  trx: Db,
  p: { id: string; app_id: string; owner_id: string },
  status: string,
  change: ChangeLog,
): Promise<void> {
  const now = change.now;
  await trx
    .updateTable('processes')
    .set({ status, finished_at: now, updated_at: now })
    .where('id', '=', p.id)
    .execute();
  const cancelled = await trx
    .updateTable('tasks')
    .set({ status: 'cancelled', action_time: now })
    .where('process_id', '=', p.id)
    .where('status', '=', TODO)
    .returning('assignee_id')
    .execute();
  for (const t of cancelled) change.touch(t.assignee_id, 'task.cancelled', ['todo']);
  if (status === 'completed') {
    await trx
      .updateTable('apps')
      .set((eb) => ({ completed: eb('completed', '+', 1) }))
      .where('id', '=', p.app_id)
      .execute();
  }
  change.record(p.owner_id, 'process.finished', null, 'process.finished', ['doing', 'done', 'infos']);
}

/**
 * A change to a running process (a task pushed, finished or acted on) is its last change: the process's updated_at
 * moves, and the trigger of migrations/023-list-rows.ts carries it to every list row and participant in the same
 * statement. Touching only the participants once left the doing list ordering by a time the row did not show.
 * A finished process keeps its finish time.
 */
export async function touchProcess(trx: Db, processId: string, now: number): Promise<void> {
  await trx
    .updateTable('processes')
    .set({ updated_at: now })
    .where('id', '=', processId)
    .where('finished_at', 'is', null)
    .execute();
}
