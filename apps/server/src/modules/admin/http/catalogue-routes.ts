import {
  createAdminAppRoute,
  editAdminAppRoute,
  listAdminAppsRoute,
  reorderAdminAppsRoute,
  retireAdminAppRoute,
  uploadImageRoute,
} from '@service-hall/contracts';

import { defineRoute, type DefinedRoute } from '../../../platform/define-route.ts';
import { createApp } from '../apps/create-app.ts';
import { editApp } from '../apps/edit-app.ts';
import { listAdminApps } from '../apps/list-admin-apps.ts';
import { reorderRecommendedApps } from '../apps/reorder-apps.ts';
import { retireApp } from '../apps/retire-app.ts';
import { storeImage } from '../images/store-image.ts';
import { adminRequest } from './admin-request.ts';

/** A route whose body may exceed the server's 256 KB default (an image upload, base64). */
function withBodyLimit(route: DefinedRoute, bytes: number): DefinedRoute {
  return { contract: route.contract, options: (ctx) => ({ ...route.options(ctx), bodyLimit: bytes }) };
}

/** The catalogue page: apps, their order among the recommended, icon uploads. Thin: each calls one domain function. */
export const catalogueRoutes: DefinedRoute[] = [
  defineRoute(listAdminAppsRoute, (ctx) => async ({ user, request }) => {
    const entities = await listAdminApps(await adminRequest(ctx, user, request));
    return { total: entities.length, entities };
  }),
  defineRoute(createAdminAppRoute, (ctx) => async ({ user, request, body }) => ({
    id: await createApp(await adminRequest(ctx, user, request), body),
  })),
  defineRoute(editAdminAppRoute, (ctx) => async ({ user, request, params, body }) => {
    await editApp(await adminRequest(ctx, user, request), params.id, body);
  }),
  defineRoute(retireAdminAppRoute, (ctx) => async ({ user, request, params, body }) => {
    await retireApp(await adminRequest(ctx, user, request), params.id, body.retired);
  }),
  defineRoute(reorderAdminAppsRoute, (ctx) => async ({ user, request, body }) => {
    await reorderRecommendedApps(await adminRequest(ctx, user, request), body.ids);
  }),
  // 2 MB of image is about 2.7 MB of base64; anything bigger is refused before it is read (413, in the user's language).
  withBodyLimit(
    defineRoute(
      uploadImageRoute,
      (ctx) =>
        async ({ user, request, body }) =>
          storeImage(await adminRequest(ctx, user, request), body.purpose, body.data),
    ),
    3 * 1024 * 1024,
  ),
];
