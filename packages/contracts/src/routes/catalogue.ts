import { z } from 'zod';

import { App, AppStat, PageTemplate, SearchGuideResult } from '../entities.ts';
import { dataOf, listOf, oneOf } from '../envelope.ts';
import { idParamSchema, recommendedQuerySchema, searchGuideQuerySchema, viewsQuerySchema } from '../queries.ts';
import { AppWithDefinition } from '../workflow-extras.ts';
import { postTwin, route } from './route.ts';

/** The catalogue: apps, favourites, counters, search and the home-page template. */
export const listAppsRoute = route({
  operationId: 'listApps',
  summary: 'Every app of the catalogue',
  method: 'GET',
  path: '/api/me/apps',
  scope: 'app',
  tag: 'task-centre',
  query: z.object({}),
  reply: listOf(App),
});
export const listAppsByPostRoute = postTwin(listAppsRoute);

/** One app by code, with its definition. `/api/app/views` is a route of its own and wins over this pattern. */
export const getAppRoute = route({
  operationId: 'getApp',
  summary: 'One app of the catalogue by its code, with the definition its form is built from',
  method: 'GET',
  path: '/api/app/:code',
  scope: 'app',
  tag: 'workflow',
  params: z.object({ code: z.string().min(1).max(64) }),
  reply: oneOf(AppWithDefinition),
  errors: ['NOT_FOUND'],
});

export const recommendedAppsRoute = route({
  operationId: 'listRecommendedApps',
  summary: 'Recommended apps, highest rank first',
  method: 'GET',
  path: '/api/apps/recommended',
  scope: 'app',
  tag: 'task-centre',
  query: recommendedQuerySchema,
  reply: dataOf(z.array(App)),
});

export const manageRecommendedAppsRoute = route({
  ...recommendedAppsRoute,
  operationId: 'listRecommendedAppsByPost',
  summary: "Recommended apps (the task-centre API's POST spelling)",
  method: 'POST',
  path: '/manage/apps/recommended',
});

const favourites = oneOf(z.object({ FavoriteApps: z.array(z.string()) }));

export const getFavouritesRoute = route({
  operationId: 'getFavouriteApps',
  summary: "My favourite apps' ids",
  method: 'GET',
  path: '/api/me/preference/FavoriteApps',
  scope: 'profile',
  tag: 'task-centre',
  reply: favourites,
});

export const addFavouriteRoute = route({
  operationId: 'addFavouriteApp',
  summary: 'Add an app to my favourites',
  method: 'PUT',
  path: '/api/me/preference/FavoriteApps/:id',
  scope: 'profile_edit',
  tag: 'task-centre',
  params: idParamSchema,
  reply: favourites,
  errors: ['NOT_FOUND'],
});

export const removeFavouriteRoute = route({
  operationId: 'removeFavouriteApp',
  summary: 'Remove an app from my favourites',
  method: 'DELETE',
  path: '/api/me/preference/FavoriteApps/:id',
  scope: 'profile_edit',
  tag: 'task-centre',
  params: idParamSchema,
  reply: favourites,
});

export const appStatsRoute = route({
  operationId: 'listAppCounters',
  summary: 'Completed-process counters per app',
  method: 'GET',
  path: '/api/stats/apps',
  scope: 'stats',
  tag: 'task-centre',
  reply: listOf(AppStat),
});

export const searchGuideRoute = route({
  operationId: 'searchCatalogue',
  summary: "Apps and guides matching a keyword, with the keyword's words",
  method: 'POST',
  path: '/manage/searchGuide',
  scope: 'app',
  tag: 'task-centre',
  query: searchGuideQuerySchema,
  reply: dataOf(SearchGuideResult, 't'),
});

export const pageTemplateRoute = route({
  operationId: 'getPageTemplate',
  summary: "The home page's template with the enterprise's images",
  method: 'GET',
  path: '/api/app/views',
  scope: 'app',
  tag: 'task-centre',
  query: viewsQuerySchema,
  reply: dataOf(PageTemplate),
});
