import type { CcQuery, DoingQuery, DoneQuery, GuestQuery, ProcessListItem } from '@service-hall/contracts';

import { resolveActingUser } from '../../auth/acting-user.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { definitionAt } from '../definitions/definitions-repository.ts';
import { pageCc, pageGuest, pageParticipants } from './process-lists-repository.ts';
import { presentListItem, taskName, type ProcessListRow } from './process-presenter.ts';
import { pendingTasksOf, processesByIds } from './processes-repository.ts';

type Page = { entities: ProcessListItem[]; total: number };

/** Whose items a list shows, and which of their apps (null = every app): the userId rule. */
async function viewAs(db: Db, user: AuthUser, userId: string | undefined, now: number) {
  const acting = await resolveActingUser(db, user, userId, { now });
  return { userId: acting.user.id, appIds: acting.appIds };
}

/** GET /api/me/processes/doing: running processes I started or acted in. */
export async function listDoing(db: Db, user: AuthUser, q: DoingQuery, locale: Locale, now: number): Promise<Page> {
  const v = await viewAs(db, user, q.userId, now);
  const page = await pageParticipants(db, {
    userId: v.userId,
    appIds: v.appIds,
    keyword: q.keyword || undefined,
    limit: q.limit,
    start: q.start,
    finished: false,
    ownerOnly: q.sep === true,
    order: q.order === 'update' ? 'updated_at' : 'created_at',
  });
  return { entities: await present(db, page.rows, locale), total: page.total };
}

/** GET /api/me/processes/done: finished processes I started or acted in, newest finish first. */
export async function listDone(db: Db, user: AuthUser, q: DoneQuery, locale: Locale, now: number): Promise<Page> {
  const v = await viewAs(db, user, q.userId, now);
  const page = await pageParticipants(db, {
    userId: v.userId,
    appIds: v.appIds,
    keyword: q.keyword || undefined,
    limit: q.limit,
    start: q.start,
    finished: true,
    ownerOnly: q.sep === true,
    order: 'updated_at',
    between: q.timestamps,
  });
  return { entities: await present(db, page.rows, locale), total: page.total };
}

/** GET /api/me/processes/cc: processes copied to me, with their read flag. */
export async function listCc(db: Db, user: AuthUser, q: CcQuery, locale: Locale, now: number): Promise<Page> {
  const v = await viewAs(db, user, q.userId, now);
  const page = await pageCc(db, {
    userId: v.userId,
    appIds: v.appIds,
    keyword: q.keyword || undefined,
    limit: q.limit,
    start: q.start,
    unreadOnly: q.unread === true,
  });
  const read = new Map(page.rows.map((r) => [r.id, r.cc_read === 1]));
  return { entities: await present(db, page.rows, locale, read), total: page.total };
}

/** GET /api/me/processes/guest: processes of the apps I administer (the manage page). */
export async function listGuest(db: Db, user: AuthUser, q: GuestQuery, locale: Locale): Promise<Page> {
  const page = await pageGuest(db, {
    userId: user.id,
    appIds: null,
    keyword: q.keyword || undefined,
    limit: q.limit,
    start: q.start,
    statuses: q.statuses?.split(','),
    draft: q.draft,
    between: q.timestamps,
  });
  return { entities: await present(db, await processesByIds(db, page.ids), q.locale ?? locale), total: page.total };
}

async function present(
  db: Db,
  rows: ProcessListRow[],
  locale: Locale,
  read?: Map<string, boolean>,
): Promise<ProcessListItem[]> {
  // Only a running process has open tasks: the engine cancels any left when a process ends.
  const open = await pendingTasksOf(
    db,
    rows.filter((r) => r.status === 'doing').map((r) => r.id),
  );
  const items: ProcessListItem[] = [];
  for (const row of rows) {
    const def =
      row.definition_code && row.definition_version !== null
        ? await definitionAt(db, row.definition_code, row.definition_version)
        : undefined;
    const pending = open
      .filter((t) => t.process_id === row.id)
      .map((t) => ({ id: t.id, name: taskName(def, t, locale) }));
    items.push(presentListItem(row, pending, locale, read?.get(row.id)));
  }
  return items;
}
