import { randomBytes } from 'node:crypto';

import type { CreateDelegationBody, Delegation } from '@service-hall/contracts';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db, Dialect } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import type { EventBus } from '../../platform/event-bus.ts';
import { findUser } from '../users/users-repository.ts';
import { checkDelegation, PAST_START_SECONDS } from './delegation-policy.ts';
import { presentDelegation } from './delegation-presenter.ts';
import {
  delegationsFrom,
  delegationsTo,
  insertDelegation,
  overlappingDelegations,
  softDeleteDelegation,
  type DelegationRow,
} from './delegations-repository.ts';

async function present(db: Db, rows: DelegationRow[], locale: Locale): Promise<Delegation[]> {
  const userIds = [...new Set(rows.flatMap((d) => [d.from_user_id, d.to_user_id]))];
  const appIds = [...new Set(rows.map((d) => d.app_id).filter((a): a is string => a !== null))];
  const users = userIds.length
    ? await db.selectFrom('users').select(['id', 'name', 'name_en']).where('id', 'in', userIds).execute()
    : [];
  const apps = appIds.length
    ? await db.selectFrom('apps').select(['id', 'name', 'name_en']).where('id', 'in', appIds).execute()
    : [];
  const um = new Map(users.map((u) => [u.id, u]));
  const am = new Map(apps.map((a) => [a.id, a]));
  return rows.map((d) => presentDelegation(d, um, am, locale));
}

/** Delegations I gave (entrustees) or received (entrusters). */
export async function listDelegations(
  db: Db,
  userId: string,
  side: 'given' | 'received',
  locale: Locale,
): Promise<Delegation[]> {
  return present(db, side === 'given' ? await delegationsFrom(db, userId) : await delegationsTo(db, userId), locale);
}

/** Creates a delegation after the rules of docs/product.md §11; overlapping windows for one app are a 409. */
export async function createDelegation(
  db: Db,
  dialect: Dialect,
  bus: EventBus,
  user: AuthUser,
  body: CreateDelegationBody,
  locale: Locale,
  now: number,
): Promise<Delegation> {
  const delegate = await findUser(db, body.entrusteeId);
  if (!delegate)
    throw new AppError('VALIDATION_FAILED', 'DELEGATION_UNKNOWN_USER', {}, [
      { field: 'entrusteeId', message: 'unknown user' },
    ]);
  const appId = body.appId ? body.appId : null;
  if (appId) {
    const app = await db.selectFrom('apps').select('id').where('id', '=', appId).executeTakeFirst();
    if (!app)
      throw new AppError('VALIDATION_FAILED', 'DELEGATION_UNKNOWN_APP', {}, [
        { field: 'appId', message: 'unknown app' },
      ]);
  }
  const problem = checkDelegation({ fromUserId: user.id, toUserId: delegate.id, from: body.from, to: body.to }, now);
  if (problem) {
    const field =
      problem === 'DELEGATION_SELF'
        ? 'entrusteeId'
        : problem === 'DELEGATION_RANGE' && body.from < now - PAST_START_SECONDS
          ? 'from'
          : 'to';
    throw new AppError('VALIDATION_FAILED', problem, {}, [{ field, message: problem }]);
  }
  const row: DelegationRow = {
    id: `d-${randomBytes(8).toString('hex')}`,
    from_user_id: user.id,
    to_user_id: delegate.id,
    app_id: appId,
    start_at: body.from,
    end_at: body.to,
  };
  await db.transaction().execute(async (trx) => {
    // Serialise one delegator's creations on PostgreSQL so two concurrent requests cannot both pass the overlap check.
    if (dialect === 'postgres')
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
    if ((await overlappingDelegations(trx, user.id, appId, body.from, body.to)).length > 0) {
      throw new AppError('CONFLICT', 'DELEGATION_OVERLAP');
    }
    await insertDelegation(trx, { ...row, created_at: now });
  });
  // The delegate's to-do gains the delegated tasks once the window opens; a window open now shows them at once.
  if (body.from <= now) bus.publish(delegate.id, { type: 'delegation.changed', processId: '', lists: ['todo'] });
  return (await present(db, [row], locale))[0]!;
}

/**
 * Soft-deletes a delegation I gave (`given`: withdraw) or was given (`received`: decline, so nobody is made to act
 * for someone else against their will; docs/adr/0013-hardening-against-abuse.md); it stops working at once. Any other is not found. The
 * delegate's open to-do loses the delegated tasks, so their browsers are told to refetch it.
 */
export async function deleteDelegation(
  db: Db,
  bus: EventBus,
  user: AuthUser,
  id: string,
  side: 'given' | 'received',
  now: number,
): Promise<void> {
  const row = await db
    .selectFrom('delegations')
    .select('to_user_id')
    .where('id', '=', id)
    .where(side === 'given' ? 'from_user_id' : 'to_user_id', '=', user.id)
    .executeTakeFirst();
  if (!row || !(await softDeleteDelegation(db, id, user.id, side, now))) throw notFound();
  bus.publish(row.to_user_id, { type: 'delegation.changed', processId: '', lists: ['todo'] });
}
