import {
  createAdminGuideRoute,
  editAdminGuideRoute,
  getAdminLookRoute,
  listAdminGuidesRoute,
  listAuditRoute,
  publishAdminGuideRoute,
  saveAdminTemplateRoute,
  saveInstitutionRoute,
  saveLookImageRoute,
} from '@service-hall/contracts';

import { defineRoute, type DefinedRoute } from '../../../platform/define-route.ts';
import { listAudit } from '../audit/list-audit.ts';
import { assertGuideSafe } from '../guides/guide-safety.ts';
import { listAdminGuides } from '../guides/list-admin-guides.ts';
import { publishGuide, saveAdminGuide } from '../guides/save-admin-guide.ts';
import { getLook, saveInstitution, saveLookImage, saveTemplate } from '../look/look.ts';
import { adminRequest } from './admin-request.ts';

/** The guides, look and audit-log pages. Thin: each calls one domain function. */
export const contentRoutes: DefinedRoute[] = [
  defineRoute(listAdminGuidesRoute, (ctx) => async ({ user, request }) => {
    const entities = await listAdminGuides(await adminRequest(ctx, user, request));
    return { total: entities.length, entities };
  }),
  defineRoute(createAdminGuideRoute, (ctx) => async ({ user, request, body }) => {
    const admin = await adminRequest(ctx, user, request);
    assertGuideSafe(body);
    return { id: (await saveAdminGuide(admin, body)).id };
  }),
  defineRoute(editAdminGuideRoute, (ctx) => async ({ user, request, params, body }) => {
    const admin = await adminRequest(ctx, user, request);
    assertGuideSafe(body);
    await saveAdminGuide(admin, body, params.id);
  }),
  defineRoute(publishAdminGuideRoute, (ctx) => async ({ user, request, params, body }) => {
    await publishGuide(await adminRequest(ctx, user, request), params.id, body.published);
  }),
  defineRoute(
    getAdminLookRoute,
    (ctx) =>
      async ({ user, request }) =>
        getLook(await adminRequest(ctx, user, request)),
  ),
  defineRoute(saveAdminTemplateRoute, (ctx) => async ({ user, request, body }) => {
    await saveTemplate(await adminRequest(ctx, user, request), body);
  }),
  defineRoute(saveInstitutionRoute, (ctx) => async ({ user, request, body }) => {
    await saveInstitution(await adminRequest(ctx, user, request), body);
  }),
  defineRoute(saveLookImageRoute, (ctx) => async ({ user, request, body }) => {
    await saveLookImage(await adminRequest(ctx, user, request), body.kind, body.url);
  }),
  defineRoute(
    listAuditRoute,
    (ctx) =>
      async ({ user, request, query }) =>
        listAudit(await adminRequest(ctx, user, request), query),
  ),
];
