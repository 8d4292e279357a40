import { AppError, invalid, notFound } from '../../../platform/app-error.ts';
import { ChangeLog } from '../../events/change-log.ts';
import { TODO } from '../../tasks/open-status.ts';
import { auditedChange } from '../audit/audit-log.ts';
import { lockOpenProcess, requireReason, type ProcessAdminContext } from './process-admin-context.ts';

/** What a reassignment is called in the timeline (task rows keep one language, as task names do). */
export const REASSIGNED = '转办';

/**
 * Hands a stuck open task to another person (system administrators and the app's administrators): the old task
 * is closed in the timeline with the reason, the new assignee gets the same step's task, live. Returns its id.
 */
export async function reassignTask(
  ctx: ProcessAdminContext,
  taskId: string,
  toUserId: string,
  reason: string,
): Promise<string> {
  const why = requireReason(reason);
  const now = ctx.now();
  const task = await ctx.db.selectFrom('tasks').select('process_id').where('id', '=', taskId).executeTakeFirst();
  if (!task) throw notFound();
  const change = new ChangeLog(task.process_id, now);
  const newTaskId = await auditedChange(ctx, async (trx, audit) => {
    const p = await lockOpenProcess(trx, ctx, task.process_id, 'process.reassign');
    const old = await trx.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    if (old.status !== 'todo') throw new AppError('TASK_ALREADY_HANDLED', 'TASK_NOT_OPEN');
    const target = await trx
      .selectFrom('users')
      .select(['id', 'disabled'])
      .where('id', '=', toUserId)
      .executeTakeFirst();
    if (!target || target.disabled === 1)
      throw invalid([{ field: 'toUserId', message: 'no such active user' }], 'ADMIN_USER_NOT_FOUND');
    if (toUserId === old.assignee_id)
      throw invalid([{ field: 'toUserId', message: 'already the assignee' }], 'ADMIN_INPUT_INVALID');

    const state = p.parsed;
    state.taskSeq += 1;
    const id = `${p.id}.${state.taskSeq}`;
    state.openTasks = state.openTasks.map((t) =>
      t.taskId === taskId ? { ...t, taskId: id, assigneeId: toUserId } : t,
    );
    state.updatedAt = now;
    await trx
      .updateTable('tasks')
      .set({
        status: 'cancelled',
        action_id: null,
        action_name: REASSIGNED,
        action_user_id: ctx.actor.id,
        action_time: now,
        remark: why,
        handed_to_id: toUserId,
      })
      .where('id', '=', taskId)
      .where('status', '=', TODO)
      .execute();
    await trx
      .insertInto('tasks')
      .values({
        ...old,
        id,
        assignee_id: toUserId,
        assign_time: now,
        uri: old.uri.replace(encodeURIComponent(taskId), encodeURIComponent(id)),
        action_id: null,
        action_name: '',
        action_user_id: null,
        on_behalf_of_id: null,
        action_time: null,
        remark: '',
        handed_to_id: null,
      })
      .execute();
    await trx
      .updateTable('processes')
      .set({ state: JSON.stringify(state), updated_at: now })
      .where('id', '=', p.id)
      .execute();
    change.touch(old.assignee_id, 'task.cancelled', ['todo']);
    change.record(toUserId, 'task.assigned', id, 'task.created', ['todo', 'infos']);
    await change.write(trx);
    await audit({
      action: 'process.reassign',
      targetType: 'process',
      targetId: p.id,
      before: { taskId, assigneeId: old.assignee_id },
      after: { taskId: id, assigneeId: toUserId, reason: why },
    });
    return id;
  });
  change.publish(ctx);
  return newTaskId;
}
