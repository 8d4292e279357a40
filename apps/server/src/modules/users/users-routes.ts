import { listDepartmentsRoute, searchUsersRoute, type DirectoryUser } from '@service-hall/contracts';

import { defineRoute } from '../../platform/define-route.ts';
import { listDepartments } from './departments.ts';
import { searchUsers } from './users-repository.ts';

const MAX_RESULTS = 20;

/** GET /api/users?keyword=: directory search for picking a delegate — name, account and department only. */
export const usersRoutes = [
  defineRoute(searchUsersRoute, (ctx) => async ({ query, locale }) => {
    const en = locale === 'en';
    const rows = await searchUsers(ctx.db, query.keyword, Math.min(query.limit ?? MAX_RESULTS, MAX_RESULTS));
    const entities: DirectoryUser[] = rows.map((u) => ({
      id: u.id,
      account: u.account,
      name: en && u.name_en ? u.name_en : u.name,
      department: en && u.department_en ? u.department_en : u.department,
    }));
    return { total: entities.length, entities };
  }),
  // GET /api/departments: what a form's department picker offers; any signed-in user may fill such a form.
  defineRoute(listDepartmentsRoute, (ctx) => async ({ locale }) => {
    const en = locale === 'en';
    const entities = (await listDepartments(ctx.db)).map((d) => ({
      id: d.id,
      name: en && d.name_en ? d.name_en : d.name,
      parentId: d.parent_id,
    }));
    return { total: entities.length, entities };
  }),
];
