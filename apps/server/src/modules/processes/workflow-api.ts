import { integrationRoutes } from '../integration/integration-routes.ts';
import { attachmentsPlugin } from '../attachments/attachments-plugin.ts';
import { attachmentsRoutes } from '../attachments/attachments-routes.ts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DefinedRoute } from '../../platform/define-route.ts';
import { adminRoutes } from '../admin/http/admin-routes.ts';
import { appsRoutes } from '../apps/apps-routes.ts';
import { adminDefinitionsRoutes } from '../definitions/admin-definitions-routes.ts';
import { definitionsRoutes } from '../definitions/definitions-routes.ts';
import { delegationsRoutes } from '../delegations/delegations-routes.ts';
import { eventsRoutes } from '../events/events-routes.ts';
import { integrationAdminRoutes } from '../integration-admin/integration-admin-routes.ts';
import { favouritesRoutes } from '../favourites/favourites-routes.ts';
import { guideBusRoutes } from '../guides/guide-bus-routes.ts';
import { idempotencyPlugin } from '../idempotency/idempotency-plugin.ts';
import { notificationsRoutes } from '../notifications/notifications-routes.ts';
import { profileRoutes } from '../profile/profile-routes.ts';
import { searchRoutes } from '../search/search-routes.ts';
import { statsRoutes } from '../stats/stats-routes.ts';
import { tasksRoutes } from '../tasks/tasks-routes.ts';
import { powersRoutes } from '../tasks/powers-routes.ts';
import { usersRoutes } from '../users/users-routes.ts';
import { viewsRoutes } from '../views/views-routes.ts';
import { taskApiPlugin } from '../../graphql/task-api-plugin.ts';
import { processesRoutes } from './processes-routes.ts';

/**
 * Every route of the API, declared with defineRoute in its module: the workflow API (processes, tasks,
 * delegations, directory, notifications) and the task-centre API (catalogue, favourites, counters, search, views).
 * The API plugin (platform/api-plugin.ts) registers them; add a module's list here.
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
