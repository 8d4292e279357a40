import type { AuthUser } from '../../auth/auth-user.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { activeDelegationsTo } from '../delegations/delegations-repository.ts';
import { loadVisibleProcess } from '../processes/process-detail.ts';
import { findTask } from '../processes/processes-repository.ts';
import { actingRight } from './task-policy.ts';

/**
 * The task and how the caller may act on it, or the refusal: 404 for a missing task or one whose process the
 * caller may not see, 403 (OWN_PROCESS when it is theirs) when they may see it, 409 when it is no longer open.
 */
export async function authorisedTask(ctx: AppContext, user: AuthUser, taskId: string, now: number) {
  const task = await findTask(ctx.db, taskId);
  if (!task) throw notFound();
  const delegations = await activeDelegationsTo(ctx.db, user.id, now);
  const starter = await ctx.db
    .selectFrom('processes')
    .select('owner_id')
    .where('id', '=', task.process_id)
    .executeTakeFirst();
  if (!starter) throw notFound();
  const right = actingRight(user, { ...task, starter_id: starter.owner_id }, delegations);
  if (!right) {
    // Someone who may see the process learns they cannot act; anyone else learns nothing.
    await loadVisibleProcess(ctx.db, task.process_id, user, now);
    throw new AppError('FORBIDDEN', starter.owner_id === user.id ? 'OWN_PROCESS' : 'FORBIDDEN');
  }
  if (task.status !== 'todo') throw new AppError('TASK_ALREADY_HANDLED');
  return { task, right, delegations };
}
