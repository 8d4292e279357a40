import { ChangeLog } from '../../events/change-log.ts';
import { TODO } from '../../tasks/open-status.ts';
import { auditedChange } from '../audit/audit-log.ts';
import { lockOpenProcess, requireReason, type ProcessAdminContext } from './process-admin-context.ts';

/** What an administrator's cancellation is called in the timeline. */
export const CANCELLED_BY_ADMIN = '管理员撤销';

/**
 * Ends a running process (system administrators and the app's administrators), with a reason: its open tasks
 * close in the timeline with the reason, the process ends as withdrawn, and its starter is notified.
 */
export async function cancelProcess(ctx: ProcessAdminContext, processId: string, reason: string): Promise<void> {
  const why = requireReason(reason);
  const now = ctx.now();
  const change = new ChangeLog(processId, now);
  await auditedChange(ctx, async (trx, audit) => {
    const p = await lockOpenProcess(trx, ctx, processId, 'process.cancel');
    const state = p.parsed;
    const open = state.openTasks;
    state.openTasks = [];
    state.status = 'withdrawn';
    state.currentStepId = null;
    state.updatedAt = now;
    for (const t of open) {
      await trx
        .updateTable('tasks')
        .set({
          status: 'cancelled',
          action_name: CANCELLED_BY_ADMIN,
          action_user_id: ctx.actor.id,
          action_time: now,
          remark: why,
        })
        .where('id', '=', t.taskId)
        .where('status', '=', TODO)
        .execute();
      change.touch(t.assigneeId, 'task.cancelled', ['todo']);
    }
    await trx
      .updateTable('processes')
      .set({ status: 'withdrawn', finished_at: now, updated_at: now, state: JSON.stringify(state) })
      .where('id', '=', p.id)
      .execute();
    await trx
      .updateTable('process_participants')
      .set({ finished: 1, updated_at: now })
      .where('process_id', '=', p.id)
      .execute();
    change.record(p.owner_id, 'process.finished', null, 'process.finished', ['doing', 'done', 'infos']);
    await change.write(trx);
    await audit({
      action: 'process.cancel',
      targetType: 'process',
      targetId: p.id,
      before: { status: 'doing', openTasks: open },
      after: { status: 'withdrawn', reason: why },
    });
  });
  change.publish(ctx);
}
