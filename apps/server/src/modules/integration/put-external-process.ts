import { randomUUID } from 'node:crypto';

import type { ExternalProcess, PutExternalProcessBody } from '@service-hall/contracts';

import { AppError, conflict } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { ChangeLog } from '../events/change-log.ts';
import { addParticipant } from '../processes/apply-effects.ts';
import { nextEntry } from '../processes/entry-number.ts';
import { lockProcess } from '../processes/processes-repository.ts';
import { finishExternalProcess, touchEveryone } from './external-changes.ts';
import { appOfSystem, processOfSystem, userNamed, type ExternalProcessRow } from './external-refs.ts';
import { integrationMessages as M } from './integration-messages.ts';
import type { CallingSystem } from './integration-policy.ts';

/** The wire shape of a pushed process. */
export const presentExternalProcess = (
  p: Pick<ExternalProcessRow, 'id' | 'entry' | 'status' | 'uri'>,
  externalId: string,
): ExternalProcess => ({
  id: p.id,
  externalId,
  entry: p.entry,
  status: p.status as ExternalProcess['status'],
  uri: p.uri,
});

/**
 * PUT /api/integration/processes/{externalId}: creates the calling system's process or updates it, in one
 * transaction. Repeating the same call changes nothing; a finished process keeps its result (409 otherwise).
 */
export async function putExternalProcess(
  ctx: AppContext,
  system: CallingSystem,
  externalId: string,
  body: PutExternalProcessBody,
): Promise<ExternalProcess> {
  const app = await appOfSystem(ctx.db, system, body.app);
  const owner = await userNamed(ctx.db, body.owner, 'owner');
  const now = ctx.now();
  let change: ChangeLog | undefined;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const id = randomUUID();
    // Two first pushes of one item at once: the unique (system_id, external_id) lets one insert, the other updates.
    const inserted = await trx
      .insertInto('processes')
      .values({
        id,
        entry: await nextEntry(trx, now),
        app_id: app.id,
        definition_code: null,
        definition_version: null,
        name: body.name,
        uri: body.uri,
        tags: app.tags,
        owner_id: owner.id,
        system_id: system.id,
        status: 'doing',
        priority: 0,
        draft: 0,
        data: JSON.stringify(body.data),
        state: '{}',
        rating: null,
        review: '',
        created_at: now,
        updated_at: now,
        finished_at: null,
        external_id: externalId,
      })
      .onConflict((oc) => oc.columns(['system_id', 'external_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
      change = new ChangeLog(id, now);
      await addParticipant(trx, id, owner.id, now, true);
      change.touch(owner.id, 'process.updated', ['doing']);
      if (body.status !== 'doing')
        await finishExternalProcess(trx, { id, app_id: app.id, owner_id: owner.id }, body.status, change);
      await change.write(trx);
      return (await processOfSystem(trx, system, externalId))!;
    }
    const found = (await processOfSystem(trx, system, externalId))!;
    await lockProcess(trx, ctx.dialect, found.id);
    const p = (await processOfSystem(trx, system, externalId))!;
    change = new ChangeLog(p.id, now);
    if (p.owner_id !== owner.id) throw conflict(M.EXTERNAL_OWNER_FIXED);
    if (p.status !== 'doing' && body.status !== p.status) {
      throw new AppError('CONFLICT', M.EXTERNAL_PROCESS_FINISHED, { status: p.status });
    }
    await trx
      .updateTable('processes')
      .set({
        app_id: app.id,
        name: body.name,
        uri: body.uri,
        tags: app.tags,
        data: JSON.stringify(body.data),
        updated_at: now,
      })
      .where('id', '=', p.id)
      .execute();
    if (app.id !== p.app_id)
      await trx.updateTable('tasks').set({ app_id: app.id }).where('process_id', '=', p.id).execute();
    await touchEveryone(trx, p.id, change, ['todo', 'doing', 'done', 'cc']);
    if (p.status === 'doing' && body.status !== 'doing') await finishExternalProcess(trx, p, body.status, change);
    await change.write(trx);
    return (await processOfSystem(trx, system, externalId))!;
  });
  change?.publish(ctx);
  return presentExternalProcess(result, externalId);
}
