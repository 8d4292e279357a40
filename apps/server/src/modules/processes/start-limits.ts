import type { ProcessDefinition } from '@service-hall/engine';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { finishedFlag } from './process-lists-repository.ts';

/**
 * How many processes of one app a person may start: every start puts tasks into somebody's
 * inbox, so an unlimited loop by one student could bury an approver's to-do list. START_QUOTA sets the numbers.
 */
export async function checkStartQuota(
  db: Db,
  config: Config,
  user: AuthUser,
  appId: string,
  now: number,
): Promise<void> {
  const quota = config.startQuota;
  if (!quota) return;
  // Only this person's last day of processes is read, from the two partial participant indexes: running ones through
  // pp_doing_list (user, 0, created_at), finished ones through pp_done_list (user, 1, updated_at) — one started in the
  // last day finished in it too (a participant's updated_at is its process's last change, never before its start).
  const since = now - 86_400;
  const started = (finished: boolean) => {
    let q = db
      .selectFrom('process_participants as pp')
      .innerJoin('processes as p', 'p.id', 'pp.process_id')
      .select('pp.created_at')
      .where('pp.user_id', '=', user.id)
      .where('pp.finished', '=', finishedFlag(finished));
    if (finished) q = q.where('pp.updated_at', '>', since);
    return q.where('pp.created_at', '>', since).where('pp.is_owner', '=', 1).where('p.app_id', '=', appId).execute();
  };
  const rows = [...(await started(false)), ...(await started(true))];
  const lastHour = rows.filter((r) => r.created_at > now - 3600).length;
  if (lastHour >= quota.perHour || rows.length >= quota.perDay) {
    throw new AppError('RATE_LIMITED', 'START_QUOTA', { hour: quota.perHour, day: quota.perDay });
  }
}

/** The most people one form field may name as the handlers of a step. */
export const MAX_NAMED_HANDLERS = 1;

/**
 * Whom a form may name as the handler of a step (the visitor form's host): one person, and a
 * member of staff, never a student account, so nobody can fill a fellow student's inbox through a visitor form.
 * An account that does not exist is left to the engine (NO_ASSIGNEE), as before.
 */
export async function checkNamedHandlers(db: Db, def: ProcessDefinition, data: Record<string, unknown>): Promise<void> {
  const fields = [...new Set(def.steps.flatMap((s) => (s.assignee.type === 'field' ? [s.assignee.field] : [])))];
  for (const field of fields) {
    const value = data[field];
    const accounts = (Array.isArray(value) ? value : [value])
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      .map((v) => v.trim());
    if (accounts.length > MAX_NAMED_HANDLERS) {
      throw new AppError('VALIDATION_FAILED', 'NAMED_HANDLERS_TOO_MANY', { max: MAX_NAMED_HANDLERS }, [
        { field, message: 'too many' },
      ]);
    }
    if (accounts.length === 0) continue;
    const users = await db.selectFrom('users').select(['account', 'roles']).where('account', 'in', accounts).execute();
    if (
      users.some((u) =>
        u.roles
          .split(',')
          .map((r) => r.trim())
          .includes('student'),
      )
    ) {
      throw new AppError('VALIDATION_FAILED', 'NAMED_HANDLER_NOT_STAFF', {}, [{ field, message: 'not staff' }]);
    }
  }
}
