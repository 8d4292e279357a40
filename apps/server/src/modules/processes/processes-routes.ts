import {
  actOnProcessRoute,
  getProcessRoute,
  listCcByPostRoute,
  listCcRoute,
  listCompletedByPostRoute,
  listCompletedRoute,
  listDoingByPostRoute,
  listDoingRoute,
  listDoneByPostRoute,
  listDoneRoute,
  listGuestByPostRoute,
  listGuestRoute,
  listUserCcByPostRoute,
  listUserCcRoute,
  listUserCompletedByPostRoute,
  listUserCompletedRoute,
  listUserDoingByPostRoute,
  listUserDoingRoute,
  listUserDoneByPostRoute,
  listUserDoneRoute,
  startProcessRoute,
} from '@service-hall/contracts';

import { defineListRoute, defineRoute } from '../../platform/define-route.ts';
import { actOnProcess } from './act-on-process.ts';
import { listCc, listDoing, listDone, listGuest } from './list-processes.ts';
import { getProcessDetail } from './process-detail.ts';
import { startProcess } from './start-process.ts';

/**
 * Process endpoints of the workflow API: start, detail, read/rate/withdraw, and the doing/done/completed/cc/guest
 * lists — mine, or the path's user's by the userId rule — each by GET or POST. `completed` is the done list under
 * the other vendor's name (docs/adr/0017-compatibility-with-other-workflow-api-clients.md).
 */
export const processesRoutes = [
  defineRoute(
    startProcessRoute,
    (ctx) =>
      ({ user, body, locale }, onCommit) =>
        startProcess(ctx, user, {
          code: body.code,
          data: body.data,
          userId: body.userId,
          now: ctx.now(),
          locale,
          onCommit,
        }),
  ),

  defineRoute(
    getProcessRoute,
    (ctx) =>
      ({ user, params, locale }) =>
        getProcessDetail(ctx.db, params.id, user, locale, ctx.now()),
  ),

  defineRoute(
    actOnProcessRoute,
    (ctx) =>
      ({ user, params, body, locale }, onCommit) =>
        actOnProcess(ctx, user, { processId: params.id, body, now: ctx.now(), locale, onCommit }),
  ),

  defineListRoute(
    listDoingRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listDoing(ctx.db, user, query, locale, ctx.now()),
  ),
  defineListRoute(
    listDoingByPostRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listDoing(ctx.db, user, query, locale, ctx.now()),
  ),
  defineListRoute(
    listDoneRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listDone(ctx.db, user, query, locale, ctx.now()),
  ),
  defineListRoute(
    listDoneByPostRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listDone(ctx.db, user, query, locale, ctx.now()),
  ),
  defineListRoute(
    listCompletedRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listDone(ctx.db, user, query, locale, ctx.now()),
  ),
  defineListRoute(
    listCompletedByPostRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listDone(ctx.db, user, query, locale, ctx.now()),
  ),
  defineListRoute(
    listCcRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listCc(ctx.db, user, query, locale, ctx.now()),
  ),
  defineListRoute(
    listCcByPostRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listCc(ctx.db, user, query, locale, ctx.now()),
  ),
  defineRoute(
    listGuestRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listGuest(ctx.db, user, query, locale),
  ),
  defineRoute(
    listGuestByPostRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listGuest(ctx.db, user, query, locale),
  ),

  // /api/user/{userId}/processes/…: the path's userId is the query's, under the same rule.
  defineListRoute(
    listUserDoingRoute,
    (ctx) =>
      ({ user, params, query, locale }) =>
        listDoing(ctx.db, user, { ...query, userId: params.userId }, locale, ctx.now()),
  ),
  defineListRoute(
    listUserDoingByPostRoute,
    (ctx) =>
      ({ user, params, query, locale }) =>
        listDoing(ctx.db, user, { ...query, userId: params.userId }, locale, ctx.now()),
  ),
  defineListRoute(
    listUserDoneRoute,
    (ctx) =>
      ({ user, params, query, locale }) =>
        listDone(ctx.db, user, { ...query, userId: params.userId }, locale, ctx.now()),
  ),
  defineListRoute(
    listUserDoneByPostRoute,
    (ctx) =>
      ({ user, params, query, locale }) =>
        listDone(ctx.db, user, { ...query, userId: params.userId }, locale, ctx.now()),
  ),
  defineListRoute(
    listUserCompletedRoute,
    (ctx) =>
      ({ user, params, query, locale }) =>
        listDone(ctx.db, user, { ...query, userId: params.userId }, locale, ctx.now()),
  ),
  defineListRoute(
    listUserCompletedByPostRoute,
    (ctx) =>
      ({ user, params, query, locale }) =>
        listDone(ctx.db, user, { ...query, userId: params.userId }, locale, ctx.now()),
  ),
  defineListRoute(
    listUserCcRoute,
    (ctx) =>
      ({ user, params, query, locale }) =>
        listCc(ctx.db, user, { ...query, userId: params.userId }, locale, ctx.now()),
  ),
  defineListRoute(
    listUserCcByPostRoute,
    (ctx) =>
      ({ user, params, query, locale }) =>
        listCc(ctx.db, user, { ...query, userId: params.userId }, locale, ctx.now()),
  ),
];
