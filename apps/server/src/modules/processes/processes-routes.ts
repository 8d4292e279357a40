import {
  actOnProcessRoute, getProcessRoute, listCcRoute, listDoingRoute, listDoneRoute, listGuestRoute, startProcessRoute,
} from '@service-hall/contracts';
import { defineRoute } from '../../platform/define-route.ts';
import { actOnProcess } from './act-on-process.ts';
import { listCc, listDoing, listDone, listGuest } from './list-processes.ts';
import { getProcessDetail } from './process-detail.ts';
import { startProcess } from './start-process.ts';

/** Process endpoints of the workflow API: start, detail, read/rate/withdraw, and the doing/done/cc/guest lists. */
export const processesRoutes = [
  defineRoute(startProcessRoute, (ctx) => ({ user, body, locale }, onCommit) =>
    startProcess(ctx, user, { code: body.code, data: body.data, userId: body.userId, now: ctx.now(), locale, onCommit })),

  defineRoute(getProcessRoute, (ctx) => ({ user, params, locale }) =>
    getProcessDetail(ctx.db, params.id, user, locale, ctx.now())),

  defineRoute(actOnProcessRoute, (ctx) => ({ user, params, body, locale }, onCommit) =>
    actOnProcess(ctx, user, { processId: params.id, body, now: ctx.now(), locale, onCommit })),

  defineRoute(listDoingRoute, (ctx) => ({ user, query, locale }) => listDoing(ctx.db, user, query, locale, ctx.now())),
  defineRoute(listDoneRoute, (ctx) => ({ user, query, locale }) => listDone(ctx.db, user, query, locale, ctx.now())),
  defineRoute(listCcRoute, (ctx) => ({ user, query, locale }) => listCc(ctx.db, user, query, locale, ctx.now())),
  defineRoute(listGuestRoute, (ctx) => ({ user, query, locale }) => listGuest(ctx.db, user, query, locale)),
];
