import { notFound } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { appExists } from '../apps/apps-repository.ts';
import { favouritesMessages } from './favourites-messages.ts';
import { changeFavourites, readFavourites } from './favourites-repository.ts';

/** A user's favourite app ids, in the order they were added. */
export function getFavourites(ctx: AppContext, userId: string): Promise<string[]> {
  return readFavourites(ctx.db, userId);
}

/** Adds an app to a user's favourites; adding one already there changes nothing. Unknown app → 404. */
export async function addFavourite(ctx: AppContext, userId: string, appId: string): Promise<string[]> {
  if (!(await appExists(ctx.db, appId))) throw notFound(favouritesMessages.FAVOURITE_APP_NOT_FOUND);
  return changeFavourites(ctx.db, userId, ctx.now(), (ids) => (ids.includes(appId) ? ids : [...ids, appId]));
}

/** Removes an app from a user's favourites; removing one not there is a success (idempotent). */
export function removeFavourite(ctx: AppContext, userId: string, appId: string): Promise<string[]> {
  return changeFavourites(ctx.db, userId, ctx.now(), (ids) => ids.filter((id) => id !== appId));
}
