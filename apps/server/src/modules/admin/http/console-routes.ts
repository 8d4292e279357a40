import { adminMeRoute } from '@service-hall/contracts';
import { defineRoute } from '../../../platform/define-route.ts';
import { isSystemAdmin } from '../admin-policy.ts';
import { adminRequest } from './admin-request.ts';

/** GET /api/admin/me: the console's navigation follows the caller's role and apps. */
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
];
