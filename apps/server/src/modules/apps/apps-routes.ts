import {
  getAppRoute,
  listAppsByPostRoute,
  listAppsRoute,
  manageRecommendedAppsRoute,
  recommendedAppsRoute,
} from '@service-hall/contracts';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { defineRoute } from '../../platform/define-route.ts';
import { listApps, listRecommendedApps } from './apps-service.ts';
import { getApp } from './get-app.ts';

async function allApps(db: Db, locale: Locale, user: AuthUser) {
  // Only the apps the caller may see (the `visible` rule: roles and departments).
  const entities = await listApps(db, locale, user);
  return { total: entities.length, entities };
}

/** The catalogue: GET (or POST) /api/me/apps, one app by code, and the task-centre recommended lists. */
export const appsRoutes = [
  defineRoute(
    listAppsRoute,
    (ctx) =>
      ({ locale, user }) =>
        allApps(ctx.db, locale, user),
  ),
  defineRoute(
    listAppsByPostRoute,
    (ctx) =>
      ({ locale, user }) =>
        allApps(ctx.db, locale, user),
  ),
  defineRoute(
    getAppRoute,
    (ctx) =>
      ({ params, locale, user }) =>
        getApp(ctx.db, params.code, locale, user),
  ),
  // The task-centre API names both; POST takes the domain in the query string like GET.
  defineRoute(
    recommendedAppsRoute,
    (ctx) =>
      ({ locale, user }) =>
        listRecommendedApps(ctx.db, locale, user),
  ),
  defineRoute(
    manageRecommendedAppsRoute,
    (ctx) =>
      ({ locale, user }) =>
        listRecommendedApps(ctx.db, locale, user),
  ),
];
