import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { defineMessages } from '../../i18n/messages.ts';
import { AppError } from '../../platform/app-error.ts';
import { writeAudit, type Trx } from '../admin/audit/audit-log.ts';

/**
 * A system client acting for a person. The system takes no part in processes itself: it starts a
 * process *for* a user (who becomes its owner) and handles a task *for* its assignee (who is recorded as the actor),
 * always naming the user with `userId`, and only for the apps of its own system (auth/acting-user.ts). What it did
 * is remembered twice: `via_system_id` on the process or task (the timeline reads "system X for user Y") and a row
 * in the audit log, written in the same transaction.
 */
export const systemActingMessages = defineMessages('system-acting', {
  SYSTEM_NEEDS_USER: {
    zh: '业务系统须用 userId 指明代哪位用户办理',
    en: 'A system must name the user it acts for in userId',
  },
});

/** Refuses a system client's write that names nobody: there is no "system" person to act as. */
export function requireUserForSystem(caller: AuthUser, userId: string | undefined): void {
  if (caller.system && !userId) {
    throw new AppError('VALIDATION_FAILED', systemActingMessages.SYSTEM_NEEDS_USER, {}, [
      { field: 'userId', in: 'body', message: 'required when a system client calls' },
    ]);
  }
}

/** The system a caller acts through (null for a person), as stored in `via_system_id`. */
export const viaSystemOf = (caller: AuthUser): string | null => caller.system?.id ?? null;

/** Records "system X for user Y did this" in the audit log, inside the action's transaction. A person's action: nothing. */
export async function auditSystemAct(
  trx: Trx | Db,
  caller: AuthUser,
  now: number,
  entry: {
    action: 'process.start' | 'task.act';
    targetType: 'process' | 'task';
    targetId: string;
    user: { id: string; account: string };
    details: Record<string, unknown>;
  },
): Promise<void> {
  if (!caller.system) return;
  await writeAudit(
    trx as Trx,
    {
      db: trx,
      now: () => now,
      actor: { id: caller.id, account: caller.system.clientId, roles: [], appIds: new Set() },
    },
    {
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      after: { system: { id: caller.system.id, name: caller.system.name }, user: entry.user, ...entry.details },
    },
  );
}
