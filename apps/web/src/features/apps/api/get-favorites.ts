import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { authSession } from '../../../lib/auth-session.ts';

export const favoritesKey = ['apps', 'favorites'] as const;

/** GET /me/preference/FavoriteApps → entities[0].FavoriteApps (app ids). */
export async function getFavorites(): Promise<string[]> {
  const env = await apiGet<{ FavoriteApps?: string[] }>('/me/preference/FavoriteApps');
  return env.entities[0]?.FavoriteApps ?? [];
}

export function useFavorites() {
  return useQuery({ queryKey: favoritesKey, queryFn: getFavorites, enabled: authSession().isSignedIn() });
}
