import type { AuthUser } from '../../auth/auth-user.ts';
import type { DelegationRow } from '../delegations/delegations-repository.ts';
import type { TaskRow } from './process-presenter.ts';

/** What the policy needs to know about one process and the viewer's relation to it. */
export interface ProcessFacts {
  ownerId: string;
  appId: string;
  status: string;
  rated: boolean;
  othersActed: boolean;
  tasks: Pick<TaskRow, 'assignee_id' | 'action_user_id'>[];
  ccUserIds: string[];
  viewerAdministersApp: boolean;
  /** Delegations in force now that were given to the viewer. */
  delegationsToViewer: Pick<DelegationRow, 'from_user_id' | 'app_id'>[];
}

/** People whose involvement makes a process theirs to see. */
function involved(f: ProcessFacts): Set<string> {
  const ids = new Set<string>([f.ownerId, ...f.ccUserIds]);
  for (const t of f.tasks) {
    ids.add(t.assignee_id);
    if (t.action_user_id) ids.add(t.action_user_id);
  }
  return ids;
}

/**
 * Who may see a process: its owner, assignees and actors of its tasks, copied users, an active delegate of any
 * of those for this app, an administrator of the app, or a system administrator. Everyone else gets 404.
 */
export function canViewProcess(user: AuthUser, f: ProcessFacts): boolean {
  const people = involved(f);
  if (people.has(user.id) || f.viewerAdministersApp || user.roles.includes('admin')) return true;
  return f.delegationsToViewer.some((d) => people.has(d.from_user_id) && (d.app_id === null || d.app_id === f.appId));
}

/** Only the starter rates, only a finished (completed or rejected) process, and only once. */
export function canRateProcess(user: AuthUser, f: ProcessFacts): boolean {
  return user.id === f.ownerId && (f.status === 'completed' || f.status === 'rejected') && !f.rated;
}

/** The starter may take back a running process nobody else has acted on (the engine has the final word). */
export function canWithdrawProcess(user: AuthUser, f: ProcessFacts): boolean {
  return user.id === f.ownerId && f.status === 'doing' && !f.othersActed;
}

/** Only a copied user marks the copy read. */
export function canMarkRead(user: AuthUser, f: ProcessFacts): boolean {
  return f.ccUserIds.includes(user.id);
}
