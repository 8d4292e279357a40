import { adminChoicesRoute, adminMeRoute } from '@service-hall/contracts';

import { defineRoute } from '../../../platform/define-route.ts';
import { isSystemAdmin } from '../admin-policy.ts';
import { adminRequest } from './admin-request.ts';

/**
 * GET /api/admin/me: the console's navigation follows the caller's role and apps. GET /api/admin/choices: what its
 * pickers offer, to any administrator (an app administrator sets who sees their app).
 */
export const consoleRoutes = [
  defineRoute(adminMeRoute, (ctx) => async ({ user, request, locale }) => {
    const admin = await adminRequest(ctx, user, request);
    const system = isSystemAdmin(admin.actor);
    let q = ctx.db.selectFrom('apps').select(['id', 'code', 'name', 'name_en']).orderBy('code');
    if (!system) q = q.where('id', 'in', [...admin.actor.appIds]);
    const rows = await q.execute();
    return {
      systemAdmin: system,
      apps: rows.map((r) => ({ id: r.id, code: r.code, name: locale === 'en' && r.name_en ? r.name_en : r.name })),
    };
  }),
  defineRoute(adminChoicesRoute, (ctx) => async ({ user, request }) => {
    await adminRequest(ctx, user, request);
    const [roles, departments, systems] = await Promise.all([
      ctx.db.selectFrom('roles').select(['code', 'name', 'name_en']).orderBy('code').execute(),
      ctx.db.selectFrom('departments').select(['id', 'name', 'name_en', 'parent_id']).orderBy('id').execute(),
      ctx.db.selectFrom('systems').select(['id', 'name', 'name_en']).orderBy('id').execute(),
    ]);
    return {
      roles: roles.map((r) => ({ value: r.code, name: r.name, nameEn: r.name_en })),
      departments: departments.map((d) => ({ value: d.id, name: d.name, nameEn: d.name_en, parent: d.parent_id })),
      systems: systems.map((s) => ({ value: s.id, name: s.name, nameEn: s.name_en })),
    };
  }),
];
