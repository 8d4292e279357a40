import { searchGuideRoute } from '@service-hall/contracts';

import { defineRoute } from '../../platform/define-route.ts';
import { isAdmin } from '../apps/current-user.ts';
import { searchCatalogue } from './search-service.ts';

/** POST /manage/searchGuide?keyword=: apps and guides matching a keyword, with the keyword's words. */
export const searchRoutes = [
  defineRoute(
    searchGuideRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        searchCatalogue(ctx.db, query.keyword, locale, isAdmin(user), user),
  ),
];
