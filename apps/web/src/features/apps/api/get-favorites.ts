import { useQuery } from '@tanstack/react-query';

import { getFavouritesRoute } from '@service-hall/contracts/lite';

import { authSession } from '../../../lib/auth/auth-session.ts';
import { call } from '../../../lib/http/call.ts';

export const favoritesKey = ['apps', 'favorites'] as const;

/** GET /me/preference/FavoriteApps → entities[0].FavoriteApps (app ids). */
export async function getFavorites(): Promise<string[]> {
  return (await call(getFavouritesRoute)).FavoriteApps;
}

export function useFavorites() {
  return useQuery({ queryKey: favoritesKey, queryFn: getFavorites, enabled: authSession().isSignedIn() });
}
