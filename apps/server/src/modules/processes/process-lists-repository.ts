import type { Db } from '../../db/database.ts';
import { ilike } from '../users/like-pattern.ts';

interface Common {
  userId: string;
  appIds: string[] | null;
  keyword?: string;
  limit: number;
  start: number;
}

export interface ParticipantFilter extends Common {
  finished: boolean;
  ownerOnly: boolean;
  order: 'created_at' | 'updated_at';
  /** [from, to] on the participant's updated_at (the finish time on the done list). */
  between?: [number, number];
}

export interface CcFilter extends Common {
  unreadOnly: boolean;
}

export interface GuestFilter extends Common {
  statuses?: string[];
  draft?: boolean;
  between?: [number, number];
}

/**
 * doing/done read process_participants through pp_user_created / pp_user_updated
 * (user_id, finished, created_at|updated_at): the user's rows only, already in list order.
 */
export function participantQuery(db: Db, f: ParticipantFilter) {
  let q = db.selectFrom('process_participants as pp').innerJoin('processes as p', 'p.id', 'pp.process_id')
    .where('pp.user_id', '=', f.userId).where('pp.finished', '=', f.finished ? 1 : 0);
  if (f.ownerOnly) q = q.where('pp.is_owner', '=', 1);
  if (f.between) q = q.where('pp.updated_at', '>=', f.between[0]).where('pp.updated_at', '<=', f.between[1]);
  if (f.appIds) q = q.where('p.app_id', 'in', f.appIds);
  if (f.keyword) q = q.where((eb) => eb.or([ilike('p.name', f.keyword!), ilike('p.entry', f.keyword!)]));
  return q;
}

/** cc reads cc_records through cc_user_read_created (user_id, read, created_at). */
export function ccQuery(db: Db, f: CcFilter) {
  let q = db.selectFrom('cc_records as c').innerJoin('processes as p', 'p.id', 'c.process_id').where('c.user_id', '=', f.userId);
  if (f.unreadOnly) q = q.where('c.read', '=', 0);
  if (f.appIds) q = q.where('p.app_id', 'in', f.appIds);
  if (f.keyword) q = q.where((eb) => eb.or([ilike('p.name', f.keyword!), ilike('p.entry', f.keyword!)]));
  return q;
}

/** guest reads processes of the apps the user administers through processes_app_status. */
export function guestQuery(db: Db, f: GuestFilter) {
  let q = db.selectFrom('processes as p')
    .where('p.app_id', 'in', db.selectFrom('app_admins').select('app_id').where('user_id', '=', f.userId));
  if (f.statuses?.length) q = q.where('p.status', 'in', f.statuses);
  if (f.draft !== undefined) q = q.where('p.draft', '=', f.draft ? 1 : 0);
  if (f.between) q = q.where('p.created_at', '>=', f.between[0]).where('p.created_at', '<=', f.between[1]);
  if (f.keyword) q = q.where((eb) => eb.or([ilike('p.name', f.keyword!), ilike('p.entry', f.keyword!)]));
  return q;
}

/** A page of doing/done process ids and the total. */
export async function pageParticipants(db: Db, f: ParticipantFilter) {
  const rows = await participantPageQuery(db, f).execute();
  const n = await participantQuery(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { ids: rows.map((r) => r.process_id), total: Number(n.n) };
}

/** The page query of doing/done (also compiled by the query-plan test). */
export function participantPageQuery(db: Db, f: ParticipantFilter) {
  return participantQuery(db, f).select('pp.process_id')
    .orderBy(`pp.${f.order}`, 'desc').orderBy('pp.process_id', 'desc').limit(f.limit).offset(f.start);
}

/** A page of copied process ids with their read flags, and the total. */
export async function pageCc(db: Db, f: CcFilter) {
  const rows = await ccPageQuery(db, f).execute();
  const n = await ccQuery(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n.n) };
}

/** The page query of cc (also compiled by the query-plan test). */
export function ccPageQuery(db: Db, f: CcFilter) {
  return ccQuery(db, f).select(['c.process_id', 'c.read'])
    .orderBy('c.created_at', 'desc').orderBy('c.process_id', 'desc').limit(f.limit).offset(f.start);
}

/** A page of administered process ids and the total. */
export async function pageGuest(db: Db, f: GuestFilter) {
  const rows = await guestQuery(db, f).select('p.id').orderBy('p.created_at', 'desc').orderBy('p.id', 'desc')
    .limit(f.limit).offset(f.start).execute();
  const n = await guestQuery(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { ids: rows.map((r) => r.id), total: Number(n.n) };
}
