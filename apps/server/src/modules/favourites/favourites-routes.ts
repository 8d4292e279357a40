import { addFavouriteRoute, getFavouritesRoute, removeFavouriteRoute } from '@service-hall/contracts';

import { defineRoute } from '../../platform/define-route.ts';
import { addFavourite, getFavourites, removeFavourite } from './favourites-service.ts';

/** The FavoriteApps preference: read, add one, remove one. */
export const favouritesRoutes = [
  defineRoute(getFavouritesRoute, (ctx) => async ({ user }) => ({ FavoriteApps: await getFavourites(ctx, user.id) })),
  defineRoute(addFavouriteRoute, (ctx) => async ({ user, params }) => ({
    FavoriteApps: await addFavourite(ctx, user.id, params.id),
  })),
  defineRoute(removeFavouriteRoute, (ctx) => async ({ user, params }) => ({
    FavoriteApps: await removeFavourite(ctx, user.id, params.id),
  })),
];
