import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../platform/prepared-query.ts';

export interface DelegationRow {
  id: string;
  from_user_id: string;
  to_user_id: string;
  app_id: string | null;
  start_at: number;
  end_at: number;
}

const columns = ['id', 'from_user_id', 'to_user_id', 'app_id', 'start_at', 'end_at'] as const;

/** Delegations in force now given to `delegateId` (a window is [start_at, end_at)). */
export async function activeDelegationsTo(db: Db, delegateId: string, now: number): Promise<DelegationRow[]> {
  return activeTo(db, { delegateId, now }) as Promise<DelegationRow[]>;
}

// Every list and action asks this: compiled once.
const activeTo = preparedQuery(['delegateId', 'now'], (db, s) =>
  db
    .selectFrom('delegations')
    .select(columns)
    .where('to_user_id', '=', s.delegateId)
    .where('end_at', '>', s.now)
    .where('start_at', '<=', s.now)
    .where('deleted_at', 'is', null),
);

/** The delegation in force now that lets `delegateId` act for `fromId` on `appId`, if any. */
export async function activeDelegationFor(
  db: Db,
  fromId: string,
  delegateId: string,
  appId: string,
  now: number,
): Promise<DelegationRow | undefined> {
  return db
    .selectFrom('delegations')
    .select(columns)
    .where('to_user_id', '=', delegateId)
    .where('from_user_id', '=', fromId)
    .where('end_at', '>', now)
    .where('start_at', '<=', now)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('app_id', 'is', null), eb('app_id', '=', appId)]))
    .executeTakeFirst();
}

/** Live (not deleted) delegations given by a user, newest window first. */
export async function delegationsFrom(db: Db, userId: string): Promise<DelegationRow[]> {
  return db
    .selectFrom('delegations')
    .select(columns)
    .where('from_user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('start_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Live delegations received by a user, newest window first. */
export async function delegationsTo(db: Db, userId: string): Promise<DelegationRow[]> {
  return db
    .selectFrom('delegations')
    .select(columns)
    .where('to_user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('start_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Live delegations of `fromId` whose window overlaps [from, to) and whose app overlaps `appId` (null = all). */
export async function overlappingDelegations(
  db: Db,
  fromId: string,
  appId: string | null,
  from: number,
  to: number,
): Promise<DelegationRow[]> {
  let q = db
    .selectFrom('delegations')
    .select(columns)
    .where('from_user_id', '=', fromId)
    .where('deleted_at', 'is', null)
    .where('start_at', '<', to)
    .where('end_at', '>', from);
  // An all-apps delegation overlaps every app, and a new all-apps one overlaps every existing one.
  if (appId !== null) q = q.where((eb) => eb.or([eb('app_id', 'is', null), eb('app_id', '=', appId)]));
  return q.execute();
}

/** Inserts a delegation row. */
export async function insertDelegation(db: Db, row: DelegationRow & { created_at: number }): Promise<void> {
  await db
    .insertInto('delegations')
    .values({ ...row, deleted_at: null })
    .execute();
}

/** Soft-deletes a live delegation given by `fromId`; false when there is none with that id. */
export async function softDeleteDelegation(
  db: Db,
  id: string,
  userId: string,
  side: 'given' | 'received',
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('delegations')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where(side === 'given' ? 'from_user_id' : 'to_user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
