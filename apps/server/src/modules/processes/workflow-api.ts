import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { definitionsRoutes } from '../definitions/definitions-routes.ts';
import { delegationsRoutes } from '../delegations/delegations-routes.ts';
import { eventsRoutes } from '../events/events-routes.ts';
import { idempotencyPlugin } from '../idempotency/idempotency-plugin.ts';
import { notificationsRoutes } from '../notifications/notifications-routes.ts';
import { tasksRoutes } from '../tasks/tasks-routes.ts';
import { usersRoutes } from '../users/users-routes.ts';
import { processesRoutes } from './processes-routes.ts';

/** The workflow API of DESIGN §4 (processes, tasks, delegations, directory, notifications, push events). */
export async function workflowApi(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  await app.register(idempotencyPlugin, { ctx });
  await app.register(definitionsRoutes, { ctx });
  await app.register(processesRoutes, { ctx });
  await app.register(tasksRoutes, { ctx });
  await app.register(delegationsRoutes, { ctx });
  await app.register(usersRoutes, { ctx });
  await app.register(notificationsRoutes, { ctx });
  await app.register(eventsRoutes, { ctx });
}
