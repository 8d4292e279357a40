import { listNotificationsRoute, readNotificationRoute } from '@service-hall/contracts';

import { notFound } from '../../platform/app-error.ts';
import { defineRoute } from '../../platform/define-route.ts';
import { listNotifications, markNotificationRead } from './notifications-repository.ts';

/** The infos page: my notifications (unread first) and marking one read. */
export const notificationsRoutes = [
  defineRoute(
    listNotificationsRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listNotifications(ctx.db, user.id, query.limit, query.start, locale),
  ),

  // A write: needs profile_edit like every other change to one's own data (its contract says so).
  defineRoute(readNotificationRoute, (ctx) => async ({ user, params }) => {
    if (!(await markNotificationRead(ctx.db, user.id, params.id))) throw notFound();
  }),
];
