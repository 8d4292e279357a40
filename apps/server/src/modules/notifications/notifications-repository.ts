import type { Notification, NotificationType, ProcessStatus } from '@service-hall/contracts';

import type { Db } from '../../db/database.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import type { Locale } from '../../i18n/messages.ts';

/**
 * My notifications, unread first, newest first: repeats of one kind from one sender within a minute are one
 * notification with their `count`, naming the latest process (events/change-log.ts).
 */
export async function listNotifications(db: Db, userId: string, limit: number, start: number, locale: Locale) {
  const base = db.selectFrom('notifications as e').where('e.user_id', '=', userId);
  const rows = await base
    .innerJoin('processes as p', 'p.id', 'e.process_id')
    .innerJoin('apps as a', 'a.id', 'p.app_id')
    .select([
      'e.id',
      'e.type',
      'e.read',
      'e.created_at',
      'e.count',
      'p.id as process_id',
      'p.name',
      'p.entry',
      'p.status',
      'a.name as app_name',
      'a.name_en as app_name_en',
    ])
    .orderBy('e.read')
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .limit(literalLimit(limit))
    .offset(start)
    .execute();
  const n = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const unread = await base
    .where('e.read', '=', 0)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const entities: Notification[] = rows.map((r) => ({
    id: r.id,
    type: r.type as NotificationType,
    read: r.read === 1,
    create: Number(r.created_at),
    count: Number(r.count),
    process: {
      id: r.process_id,
      entry: r.entry,
      status: r.status as ProcessStatus,
      name: locale === 'en' && r.name === r.app_name && r.app_name_en ? r.app_name_en : r.name,
    },
  }));
  return { entities, total: Number(n.n), unread: Number(unread.n) };
}

/** Marks one of my notifications read; false when it is not mine or does not exist. Already read is fine. */
export async function markNotificationRead(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return false;
  await db.updateTable('notifications').set({ read: 1 }).where('id', '=', id).execute();
  return true;
}
