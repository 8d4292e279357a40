import { randomBytes } from 'node:crypto';

import type { ProcessDetail } from '@service-hall/contracts';
import { start } from '@service-hall/engine';

import { resolveActingUser } from '../../auth/acting-user.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeAudit } from '../admin/audit/audit-log.ts';
import { attachToProcess } from '../attachments/attach-to-process.ts';
import { latestDefinition } from '../definitions/definitions-repository.ts';
import { ChangeLog } from '../events/change-log.ts';
import { auditSystemAct, requireUserForSystem, viaSystemOf } from '../system-acting/system-acting.ts';
import { loadDirectory } from '../users/directory.ts';
import { addParticipant, applyEffects } from './apply-effects.ts';
import { mapEngineError } from './engine-errors.ts';
import { nextEntry } from './entry-number.ts';
import { formInput } from './form-input.ts';
import { loadVisibleProcess, presentLoaded } from './process-detail.ts';
import { processesMessages } from './processes-messages.ts';
import { checkNamedHandlers, checkStartQuota } from './start-limits.ts';
import { assertOffered, findStartableApp } from './startable-app.ts';

export interface StartInput {
  code: string;
  data: string;
  /** Start it for this user (the userId rule, auth/acting-user.ts): they become its owner. */
  userId?: string | undefined;
  now: number;
  locale: Locale;
  /** Runs inside the transaction after the change (the idempotency layer stores its response there). */
  onCommit?: (trx: Db, detail: ProcessDetail) => Promise<void>;
  /** The demo seed writes history as its people: no quota, and its visitors may name anyone. */
  unlimited?: boolean;
}

/** Starts a process of a built-in app: validate the form, then process, tasks, copies and events in one transaction. */
export async function startProcess(ctx: AppContext, caller: AuthUser, input: StartInput): Promise<ProcessDetail> {
  requireUserForSystem(caller, input.userId);
  const app = await findStartableApp(ctx.db, input.code);
  const def = app?.definition_code ? await latestDefinition(ctx.db, app.definition_code) : undefined;
  if (!app || !def) throw new AppError('NOT_FOUND', processesMessages.APP_NOT_FOUND);
  // The starter: the caller, or the user a delegate, an administrator or a system starts it for.
  const acting = await resolveActingUser(ctx.db, caller, input.userId, { now: input.now, appId: app.id });
  const user = acting.user;
  await assertOffered(ctx.db, app, user, caller);
  // Attachments are the starter's own uploads for this app (a delegate or system uploads with the same userId).
  const { data, attachmentIds } = await formInput(ctx.db, def, input.data, input.locale, {
    ownerId: user.id,
    appId: app.id,
    processId: null,
  });
  if (!input.unlimited) {
    await checkNamedHandlers(ctx.db, def, data as Record<string, unknown>);
    await checkStartQuota(ctx.db, ctx.config, user, app.id, input.now);
  }
  const directory = await loadDirectory(ctx.db);
  const now = input.now;
  const id = randomBytes(8).toString('hex');
  const change = new ChangeLog(id, now, user.id);

  const detail = await ctx.db.transaction().execute(async (trx) => {
    let transition;
    try {
      transition = start(def, {
        processId: id,
        starterId: user.id,
        data: data as Record<string, unknown>,
        now,
        directory,
      });
    } catch (e) {
      mapEngineError(e);
    }
    const uri = `/workflow/detail?id=${id}`;
    await trx
      .insertInto('processes')
      .values({
        id,
        entry: await nextEntry(trx, now),
        app_id: app.id,
        definition_code: def.code,
        definition_version: def.version,
        name: app.name,
        uri,
        tags: app.tags,
        owner_id: user.id,
        system_id: app.system_id,
        status: 'doing',
        priority: 0,
        draft: 0,
        data: JSON.stringify(data),
        state: JSON.stringify(transition.state),
        rating: null,
        review: '',
        created_at: now,
        updated_at: now,
        finished_at: null,
        via_system_id: viaSystemOf(caller),
      })
      .execute();
    await attachToProcess(trx, attachmentIds, id, now);
    await addParticipant(trx, id, user.id, now, true);
    if (caller.system) {
      await auditSystemAct(trx, caller, now, {
        action: 'process.start',
        targetType: 'process',
        targetId: id,
        user: { id: user.id, account: user.account },
        details: { app: app.code },
      });
    } else if (acting.mode !== 'self') {
      // The process is the user's; who started it for them is kept in the audit log, in the same transaction.
      await writeAudit(
        trx,
        { db: ctx.db, now: () => now, actor: { ...caller, appIds: new Set() } },
        {
          action: 'process.start-for-user',
          targetType: 'process',
          targetId: id,
          after: { owner: user.id, startedBy: caller.id, as: acting.mode },
        },
      );
    }
    await applyEffects(trx, { id, app_id: app.id, owner_id: user.id, uri }, transition.effects, change);
    change.touch(user.id, 'process.updated', ['doing']);
    await change.write(trx);
    const result = await presentLoaded(
      trx,
      await loadVisibleProcess(trx, id, user, now, { directory }),
      user,
      input.locale,
    );
    await input.onCommit?.(trx, result);
    return result;
  });
  change.publish(ctx);
  return detail;
}
