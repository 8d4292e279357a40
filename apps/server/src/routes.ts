import type { FastifyInstance } from 'fastify';

import { taskApiPlugin } from './graphql/task-api-plugin.ts';
import { adminRoutes } from './modules/admin/http/admin-routes.ts';
import { appsRoutes } from './modules/apps/apps-routes.ts';
import { attachmentsPlugin } from './modules/attachments/attachments-plugin.ts';
import { attachmentsRoutes } from './modules/attachments/attachments-routes.ts';
import { adminDefinitionsRoutes } from './modules/definitions/admin-definitions-routes.ts';
import { definitionsRoutes } from './modules/definitions/definitions-routes.ts';
import { delegationsRoutes } from './modules/delegations/delegations-routes.ts';
import { eventsRoutes } from './modules/events/events-routes.ts';
import { favouritesRoutes } from './modules/favourites/favourites-routes.ts';
import { guideBusRoutes } from './modules/guides/guide-bus-routes.ts';
import { idempotencyPlugin } from './modules/idempotency/idempotency-plugin.ts';
import { integrationAdminRoutes } from './modules/integration-admin/integration-admin-routes.ts';
import { integrationRoutes } from './modules/integration/integration-routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications-routes.ts';
import { processesRoutes } from './modules/processes/processes-routes.ts';
import { profileRoutes } from './modules/profile/profile-routes.ts';
import { searchRoutes } from './modules/search/search-routes.ts';
import { statsRoutes } from './modules/stats/stats-routes.ts';
import { powersRoutes } from './modules/tasks/powers-routes.ts';
import { tasksRoutes } from './modules/tasks/tasks-routes.ts';
import { usersRoutes } from './modules/users/users-routes.ts';
import { viewsRoutes } from './modules/views/views-routes.ts';
import type { AppContext } from './platform/context.ts';
import type { DefinedRoute } from './platform/define-route.ts';

/**
 * Every route of the API, declared with defineRoute in its module: the workflow API (processes, tasks,
 * delegations, directory, notifications) and the task-centre API (catalogue, favourites, counters, search, views).
 * The API plugin (platform/api-plugin.ts) registers them; add a module's list here. What is mounted beside the API
 * (health, metrics, the OpenAPI document, the embedded IdP, the catalogue's images, the SPA) is registered in app.ts.
 */
export const apiRoutes: DefinedRoute[] = [
  ...profileRoutes,
  ...definitionsRoutes,
  ...adminDefinitionsRoutes,
  ...processesRoutes,
  ...attachmentsRoutes,
  ...tasksRoutes,
  ...powersRoutes,
  ...delegationsRoutes,
  ...usersRoutes,
  ...notificationsRoutes,
  ...appsRoutes,
  ...statsRoutes,
  ...favouritesRoutes,
  ...searchRoutes,
  ...viewsRoutes,
  ...integrationRoutes,
  ...adminRoutes,
  ...integrationAdminRoutes,
];

/** API parts that are more than a list of routes: key pruning, the push-event stream and the GraphQL endpoints. */
export const apiPlugins: Array<(app: FastifyInstance, opts: { ctx: AppContext }) => Promise<void>> = [
  idempotencyPlugin,
  eventsRoutes,
  taskApiPlugin,
  guideBusRoutes,
  attachmentsPlugin,
];
