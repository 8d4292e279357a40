import type { DefinedRoute } from '../../../platform/define-route.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { consoleRoutes } from './console-routes.ts';
import { contentRoutes } from './content-routes.ts';
import { adminPeopleRoutes } from './people-routes.ts';
import { adminProcessRoutes } from './process-routes.ts';

/**
 * Every route of the administration API (`/api/admin/…`), by console page. Each page's routes live in a file of
 * their own; add a page's list here.
 */
export const adminRoutes: DefinedRoute[] = [
  ...consoleRoutes,
  // catalogue, guides, look, audit log
  // people: users, departments, roles, import
  ...adminPeopleRoutes,
  // processes: search, reassign, cancel
  ...adminProcessRoutes,
  ...catalogueRoutes,
  ...contentRoutes,
  // people: users, departments, roles, import — slot for the People pages
  // processes: reassign, cancel — slot for the Processes page
  // integrations: systems and clients — slot
  // definitions: deploy, versions — slot
];
