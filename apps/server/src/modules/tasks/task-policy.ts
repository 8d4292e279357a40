import { RESUBMIT_STEP } from '@service-hall/engine';

import type { ActingUser } from '../../auth/acting-user.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import type { DelegationRow } from '../delegations/delegations-repository.ts';

/** How the caller may act on a task: as the assignee, on behalf of the assignee, or not at all. */
export type ActingRight = { actorId: string; onBehalfOfId: string | null } | null;

/**
 * The assignee acts in their own name; a delegate with a delegation in force for the task's app (or all apps)
 * acts on the assignee's behalf. Only direct delegations count, so a delegate cannot pass tasks on (no chains).
 * Nobody acts on a process they started, in their own name or on anybody's behalf: a delegation from an approver
 * must not let the applicant approve their own request. The one task an applicant does hold is
 * the resubmission of a process returned to them (退回), which only they may send again.
 */
export function actingRight(
  user: AuthUser,
  task: { assignee_id: string; app_id: string; starter_id: string; step_id?: string },
  delegationsToUser: Pick<DelegationRow, 'from_user_id' | 'app_id'>[],
): ActingRight {
  if (task.step_id === RESUBMIT_STEP)
    return task.assignee_id === user.id ? { actorId: user.id, onBehalfOfId: null } : null;
  if (task.starter_id === user.id) return null;
  if (task.assignee_id === user.id) return { actorId: user.id, onBehalfOfId: null };
  const delegated = delegationsToUser.some(
    (d) => d.from_user_id === task.assignee_id && (d.app_id === null || d.app_id === task.app_id),
  );
  return delegated ? { actorId: user.id, onBehalfOfId: task.assignee_id } : null;
}

/**
 * Acting on a task for the user named by `userId` (resolved by auth/acting-user.ts): the task must be that user's,
 * and neither the user nor the caller may have started the process. A delegate or an administrator is recorded as
 * the actor on the user's behalf (the timeline shows "X for Y", as for a delegate in the to-do list); a system
 * client acts as the user, who is recorded as the actor (the task's via_system_id names the system).
 */
export function actingFor(
  acting: ActingUser,
  caller: AuthUser,
  task: { assignee_id: string; starter_id: string },
): ActingRight {
  if (task.assignee_id !== acting.user.id) return null;
  if (task.starter_id === acting.user.id || task.starter_id === caller.id) return null;
  return acting.mode === 'system'
    ? { actorId: acting.user.id, onBehalfOfId: null }
    : { actorId: caller.id, onBehalfOfId: acting.user.id };
}
