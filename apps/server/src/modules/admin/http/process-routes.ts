import {
  cancelAdminProcessRoute,
  listAdminProcessAppsRoute,
  listAdminProcessesRoute,
  reassignAdminTaskRoute,
} from '@service-hall/contracts';

import { forbidden } from '../../../platform/app-error.ts';
import { defineRoute, type DefinedRoute } from '../../../platform/define-route.ts';
import { authorize, isSystemAdmin, type AdminSubject } from '../admin-policy.ts';
import { cancelProcess } from '../processes/cancel-process.ts';
import type { ProcessAdminContext } from '../processes/process-admin-context.ts';
import { adminProcessApps, listAdminProcesses } from '../processes/process-queries.ts';
import { reassignTask } from '../processes/reassign-task.ts';
import { adminRequest } from './admin-request.ts';

/** The apps whose processes the actor sees (adminRequest already refused someone who administers nothing); null: all. */
function visibleApps(actor: AdminSubject): string[] | null {
  return isSystemAdmin(actor) ? null : [...actor.appIds];
}

/** The process routes of the administration console: system and app administrators. */
export const adminProcessRoutes: DefinedRoute[] = [
  defineRoute(listAdminProcessesRoute, (ctx) => async ({ user, request, query, locale }) => {
    const { actor } = await adminRequest(ctx, user, request);
    const appIds = visibleApps(actor);
    // Asking for another app's processes is refused, not answered with an empty page.
    if (query.appId && !authorize(actor, 'process.view', { appIds: [query.appId] })) throw forbidden('ADMIN_FORBIDDEN');
    const { start, limit, ...filter } = query;
    return listAdminProcesses(ctx.db, locale, { ...filter, appIds }, { start, limit });
  }),
  defineRoute(listAdminProcessAppsRoute, (ctx) => async ({ user, request, locale }) => {
    const { actor } = await adminRequest(ctx, user, request);
    const entities = await adminProcessApps(ctx.db, locale, visibleApps(actor));
    return { total: entities.length, entities };
  }),
  defineRoute(reassignAdminTaskRoute, (ctx) => async ({ user, request, params, body }) => {
    const admin = {
      ...(await adminRequest(ctx, user, request)),
      dialect: ctx.dialect,
      bus: ctx.bus,
      metrics: ctx.metrics,
    } satisfies ProcessAdminContext;
    const taskId = await reassignTask(admin, params.id, body.toUserId, body.reason);
    return { taskId };
  }),
  defineRoute(cancelAdminProcessRoute, (ctx) => async ({ user, request, params, body }) => {
    const admin = {
      ...(await adminRequest(ctx, user, request)),
      dialect: ctx.dialect,
      bus: ctx.bus,
      metrics: ctx.metrics,
    } satisfies ProcessAdminContext;
    await cancelProcess(admin, params.id, body.reason);
  }),
];
