import { pageTemplateRoute } from '@service-hall/contracts';

import { defineRoute } from '../../platform/define-route.ts';
import { getPageTemplate } from './views-service.ts';

/** GET /api/app/views?domain=&solution=&terminal=: the home-page template with the enterprise's images. */
export const viewsRoutes = [
  defineRoute(
    pageTemplateRoute,
    (ctx) =>
      ({ user, query }) =>
        getPageTemplate(ctx, query, user.id),
  ),
];
