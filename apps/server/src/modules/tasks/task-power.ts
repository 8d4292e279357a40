import type { ProcessDetail } from '@service-hall/contracts';
import type { Directory, ProcessDefinition, ProcessState, Transition } from '@service-hall/engine';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { definitionAt } from '../definitions/definitions-repository.ts';
import { ChangeLog } from '../events/change-log.ts';
import { addParticipant, applyEffects, saveProcessState } from '../processes/apply-effects.ts';
import { mapEngineError } from '../processes/engine-errors.ts';
import { loadVisibleProcess, presentLoaded } from '../processes/process-detail.ts';
import { lockProcess } from '../processes/processes-repository.ts';
import { loadDirectory } from '../users/directory.ts';
import { authorisedTask } from './authorised-task.ts';
import { TODO } from './open-status.ts';
import { powersMessages as P } from './powers-messages.ts';

/** Which power closed the acting task without deciding it; the timeline names it (process-presenter POWER_LABELS). */
export type PowerId = 'transfer' | 'sign-before' | 'return';

export interface PowerInput {
  taskId: string;
  now: number;
  locale: Locale;
  onCommit?: (trx: Db, detail: ProcessDetail) => Promise<void>;
  /** What the timeline records if the acting task is closed rather than decided (the engine says which). */
  power: PowerId;
  /** The reason or remark kept with the acting task. */
  remark: string;
  /** People the power hands the task to: they must exist and be enabled (USER_NOT_ACTIVE otherwise). */
  newHolder?: { field: string; userId: string };
}

export type Decide = (
  def: ProcessDefinition,
  state: ProcessState,
  who: { actorId: string; onBehalfOfId: string | null },
  directory: Directory,
) => Transition;

/**
 * Runs an approval power on the caller's open task, exactly once: the same authorisation, lock order and
 * race-safe claim as handling a task (act-on-task.ts). The engine decides first (a refusal changes nothing);
 * then the acting task is claimed — as done with the engine's action when the power decided it (驳回, 后加签),
 * else as closed with the power's name (转办, 前加签, 退回) — and the other effects are written.
 */
export async function runTaskPower(
  ctx: AppContext,
  user: AuthUser,
  input: PowerInput,
  decide: Decide,
): Promise<ProcessDetail> {
  const { now } = input;
  const { task, right, delegations } = await authorisedTask(ctx, user, input.taskId, now);
  if (input.newHolder) {
    const u = await ctx.db
      .selectFrom('users')
      .select('disabled')
      .where('id', '=', input.newHolder.userId)
      .executeTakeFirst();
    if (!u || u.disabled === 1) {
      throw new AppError('USER_NOT_ACTIVE', P.USER_NOT_ACTIVE, {}, [
        { field: input.newHolder.field, message: 'no such active user' },
      ]);
    }
  }
  const directory = await loadDirectory(ctx.db);
  const change = new ChangeLog(task.process_id, now);

  const detail = await ctx.db.transaction().execute(async (trx) => {
    const p = await lockProcess(trx, ctx.dialect, task.process_id);
    if (!p || !p.definition_code || p.definition_version === null) throw notFound();
    const def = await definitionAt(trx, p.definition_code, p.definition_version);
    if (!def) throw new Error(`definition ${p.definition_code}@${p.definition_version} missing`);
    let transition: Transition;
    try {
      transition = decide(def, JSON.parse(p.state) as ProcessState, right, directory);
    } catch (e) {
      mapEngineError(e);
    }
    const decided = transition.effects.find((e) => e.type === 'task.completed' && e.taskId === task.id);
    const claim = trx
      .updateTable('tasks')
      .set(
        decided?.type === 'task.completed'
          ? { status: 'done', action_id: decided.actionId, action_name: decided.actionName.zh, remark: decided.remark }
          : {
              status: 'cancelled',
              action_id: input.power,
              action_name: '',
              remark: input.remark,
              // The history reads "transferred from X to Y".
              ...(input.power === 'transfer' && input.newHolder ? { handed_to_id: input.newHolder.userId } : {}),
            },
      )
      .set({ action_user_id: right.actorId, on_behalf_of_id: right.onBehalfOfId, action_time: now })
      .where('id', '=', task.id)
      .where('status', '=', TODO);
    const claimed = await claim.executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw new AppError('TASK_ALREADY_HANDLED');
    // The claim closed the task, so the engine's cancellation of it below changes no row: tell its holder here.
    change.touch(task.assignee_id, 'task.cancelled', ['todo', 'doing', 'done']);
    change.touch(right.actorId, 'task.completed', ['todo', 'doing', 'done']);
    // Whoever used a power took part, so the process is in their doing/done lists.
    await addParticipant(trx, p.id, right.actorId, now);
    if (right.onBehalfOfId) await addParticipant(trx, p.id, right.onBehalfOfId, now);

    await saveProcessState(trx, p, transition.state, transition.effects, now);
    await applyEffects(trx, p, transition.effects, change, { finishWritten: true });
    await change.write(trx);
    const loaded = await loadVisibleProcess(trx, p.id, user, now, { delegations, state: transition.state, directory });
    const result = await presentLoaded(trx, loaded, user, input.locale);
    await input.onCommit?.(trx, result);
    return result;
  });
  change.publish(ctx);
  return detail;
}
