import { sql } from 'kysely';

import type { Db } from '../../db/database.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { preparedQuery } from '../../platform/prepared-query.ts';
import { ilike } from '../users/like-pattern.ts';
import type { ProcessListRow } from './process-presenter.ts';
import { ccRowColumns, participantRowColumns } from './processes-repository.ts';

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
 * The participant's finished flag written into the SQL text: pp_doing_list and pp_done_list are partial indexes on
 * `finished = 0` and `finished = 1` (migrations/027-partial-participant-lists.ts), which a bound value cannot prove
 * (as tasks' `status = 'todo'`, modules/tasks/open-status.ts).
 */
export const finishedFlag = (finished: boolean) => sql.lit(finished ? 1 : 0);

/**
 * doing/done read process_participants through pp_doing_list / pp_done_list
 * (user_id, finished, created_at|updated_at, process_id, then the shown columns): the user's rows only, already in
 * list order, with their process's columns copied in (migrations/023-list-rows.ts) — no process lookup.
 */
export function participantQuery(db: Db, f: ParticipantFilter) {
  let q = db
    .selectFrom('process_participants as pp')
    .where('pp.user_id', '=', f.userId)
    .where('pp.finished', '=', finishedFlag(f.finished));
  if (f.ownerOnly) q = q.where('pp.is_owner', '=', 1);
  if (f.between) q = q.where('pp.updated_at', '>=', f.between[0]).where('pp.updated_at', '<=', f.between[1]);
  if (f.appIds) q = q.where('pp.p_app_id', 'in', f.appIds);
  if (f.keyword) q = q.where((eb) => eb.or([ilike('pp.p_name', f.keyword!), ilike('pp.p_entry', f.keyword!)]));
  return q;
}

/** cc reads cc_records through cc_list (user_id, read, created_at, process_id, then the shown columns). */
export function ccQuery(db: Db, f: CcFilter) {
  let q = db.selectFrom('cc_records as c').where('c.user_id', '=', f.userId);
  if (f.unreadOnly) q = q.where('c.read', '=', 0);
  if (f.appIds) q = q.where('c.p_app_id', 'in', f.appIds);
  if (f.keyword) q = q.where((eb) => eb.or([ilike('c.p_name', f.keyword!), ilike('c.p_entry', f.keyword!)]));
  return q;
}

/** guest reads processes of the apps the user administers through processes_app_status. */
export function guestQuery(db: Db, f: GuestFilter) {
  let q = db
    .selectFrom('processes as p')
    .where('p.app_id', 'in', db.selectFrom('app_admins').select('app_id').where('user_id', '=', f.userId));
  if (f.statuses?.length) q = q.where('p.status', 'in', f.statuses);
  if (f.draft !== undefined) q = q.where('p.draft', '=', f.draft ? 1 : 0);
  if (f.between) q = q.where('p.created_at', '>=', f.between[0]).where('p.created_at', '<=', f.between[1]);
  if (f.keyword) q = q.where((eb) => eb.or([ilike('p.name', f.keyword!), ilike('p.entry', f.keyword!)]));
  return q;
}

/** Whether a list's total can be counted on the user's own index alone, without the processes join. */
const filtersProcess = (f: Common) => f.appIds !== null || Boolean(f.keyword);

/** The total of doing/done: on pp_user_* alone unless the filter is on the process (apps, keyword). */
function participantCountQuery(db: Db, f: ParticipantFilter) {
  if (filtersProcess(f)) return participantQuery(db, f).select((eb) => eb.fn.countAll<number>().as('n'));
  let q = db
    .selectFrom('process_participants as pp')
    .where('pp.user_id', '=', f.userId)
    .where('pp.finished', '=', finishedFlag(f.finished));
  if (f.ownerOnly) q = q.where('pp.is_owner', '=', 1);
  if (f.between) q = q.where('pp.updated_at', '>=', f.between[0]).where('pp.updated_at', '<=', f.between[1]);
  return q.select((eb) => eb.fn.countAll<number>().as('n'));
}

type ParticipantShape = Pick<ParticipantFilter, 'finished' | 'ownerOnly' | 'order'> & { between: boolean };
const participantSlots = ['userId', 'limit', 'start', 'from', 'to'] as const;
const preparedParticipants = new Map<
  string,
  {
    page: (db: Db, v: Record<(typeof participantSlots)[number], unknown>) => Promise<ProcessListRow[]>;
    count: (db: Db, v: Record<(typeof participantSlots)[number], unknown>) => Promise<Array<{ n: number }>>;
  }
>();

/** The doing/done queries of one shape without process filters, compiled once (platform/prepared-query.ts). */
function participantStatements(shape: ParticipantShape) {
  const key = `${shape.finished}|${shape.ownerOnly}|${shape.order}|${shape.between}`;
  let p = preparedParticipants.get(key);
  if (!p) {
    const filter = (s: Record<(typeof participantSlots)[number], never>): ParticipantFilter => ({
      userId: s.userId,
      appIds: null,
      limit: s.limit,
      start: s.start,
      finished: shape.finished,
      ownerOnly: shape.ownerOnly,
      order: shape.order,
      ...(shape.between ? { between: [s.from, s.to] } : {}),
    });
    const slots = shape.between ? participantSlots : (['userId', 'limit', 'start'] as const);
    const countSlots = shape.between ? (['userId', 'from', 'to'] as const) : (['userId'] as const);
    p = {
      page: preparedQuery(slots, (db, s) => participantPageQuery(db, filter(s as never))) as never,
      count: preparedQuery(countSlots, (db, s) => participantCountQuery(db, filter(s as never))) as never,
    };
    preparedParticipants.set(key, p);
  }
  return p;
}

/** A page of doing/done rows (process with its list joins) and the total. */
export async function pageParticipants(
  db: Db,
  f: ParticipantFilter,
): Promise<{ rows: ProcessListRow[]; total: number }> {
  if (!filtersProcess(f)) {
    const st = participantStatements({
      finished: f.finished,
      ownerOnly: f.ownerOnly,
      order: f.order,
      between: Boolean(f.between),
    });
    const values = { userId: f.userId, limit: f.limit, start: f.start, from: f.between?.[0], to: f.between?.[1] };
    const [rows, n] = await Promise.all([st.page(db, values), st.count(db, values)]);
    return { rows, total: Number(n[0]?.n ?? 0) };
  }
  const rows = await participantPageQuery(db, f).execute();
  const n = await participantCountQuery(db, f).executeTakeFirstOrThrow();
  return { rows, total: Number(n.n) };
}

/** The page query of doing/done (also compiled by the query-plan test). */
export function participantPageQuery(db: Db, f: ParticipantFilter) {
  return participantQuery(db, f)
    .innerJoin('apps as a', 'a.id', 'pp.p_app_id')
    .innerJoin('users as o', 'o.id', 'pp.p_owner_id')
    .leftJoin('systems as s', 's.id', 'pp.p_system_id')
    .select(participantRowColumns)
    .orderBy(`pp.${f.order}`, 'desc')
    .orderBy('pp.process_id', 'desc')
    .limit(literalLimit(f.limit))
    .offset(f.start);
}

/** The total of cc: on cc_user_read_created alone unless the filter is on the process. */
function ccCountQuery(db: Db, f: CcFilter) {
  if (filtersProcess(f)) return ccQuery(db, f).select((eb) => eb.fn.countAll<number>().as('n'));
  let q = db.selectFrom('cc_records as c').where('c.user_id', '=', f.userId);
  if (f.unreadOnly) q = q.where('c.read', '=', 0);
  return q.select((eb) => eb.fn.countAll<number>().as('n'));
}

const ccStatements = [false, true].map((unreadOnly) => {
  const filter = (s: Record<'userId' | 'limit' | 'start', never>): CcFilter => ({
    userId: s.userId,
    appIds: null,
    limit: s.limit,
    start: s.start,
    unreadOnly,
  });
  return {
    page: preparedQuery(['userId', 'limit', 'start'], (db, s) => ccPageQuery(db, filter(s))),
    count: preparedQuery(['userId'], (db, s) =>
      ccCountQuery(db, filter({ ...s, limit: 0 as never, start: 0 as never })),
    ),
  };
});

/** A page of copied processes (list joins and the read flag `cc_read`) and the total. */
export async function pageCc(
  db: Db,
  f: CcFilter,
): Promise<{ rows: Array<ProcessListRow & { cc_read: number }>; total: number }> {
  if (!filtersProcess(f)) {
    const st = ccStatements[f.unreadOnly ? 1 : 0]!;
    const [rows, n] = await Promise.all([
      st.page(db, { userId: f.userId, limit: f.limit, start: f.start }),
      st.count(db, { userId: f.userId }),
    ]);
    return { rows, total: Number(n[0]?.n ?? 0) };
  }
  const rows = await ccPageQuery(db, f).execute();
  const n = await ccCountQuery(db, f).executeTakeFirstOrThrow();
  return { rows, total: Number(n.n) };
}

/** The page query of cc (also compiled by the query-plan test). */
export function ccPageQuery(db: Db, f: CcFilter) {
  return ccQuery(db, f)
    .innerJoin('apps as a', 'a.id', 'c.p_app_id')
    .innerJoin('users as o', 'o.id', 'c.p_owner_id')
    .leftJoin('systems as s', 's.id', 'c.p_system_id')
    .select(ccRowColumns)
    .select('c.read as cc_read')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.process_id', 'desc')
    .limit(literalLimit(f.limit))
    .offset(f.start);
}

/** A page of administered process ids and the total. */
export async function pageGuest(db: Db, f: GuestFilter) {
  const rows = await guestQuery(db, f)
    .select('p.id')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(literalLimit(f.limit))
    .offset(f.start)
    .execute();
  const n = await guestQuery(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { ids: rows.map((r) => r.id), total: Number(n.n) };
}
