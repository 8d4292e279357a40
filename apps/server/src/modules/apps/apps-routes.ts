import { listAppsRoute, manageRecommendedAppsRoute, recommendedAppsRoute } from '@service-hall/contracts';
import { defineRoute } from '../../platform/define-route.ts';
import { listApps, listRecommendedApps } from './apps-service.ts';

/** The catalogue: GET /api/me/apps (workflow API) and the task-centre recommended lists. */
export const appsRoutes = [
  defineRoute(listAppsRoute, (ctx) => async ({ locale, user }) => {
    const entities = await listApps(ctx.db, locale, user);
    return { total: entities.length, entities };
  }),
  // The task-centre API names both; POST takes the domain in the query string like GET.
  defineRoute(recommendedAppsRoute, (ctx) => ({ locale, user }) => listRecommendedApps(ctx.db, locale, user)),
  defineRoute(manageRecommendedAppsRoute, (ctx) => ({ locale, user }) => listRecommendedApps(ctx.db, locale, user)),
];
