import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiForm } from '../../../lib/api-client.ts';
import { favoritesKey } from './get-favorites.ts';

export interface ToggleFavoriteInput {
  appId: string;
  /** true adds, false removes. */
  add: boolean;
}

/** PUT / DELETE /me/preference/FavoriteApps/{id} (spec §7). */
export async function toggleFavorite({ appId, add }: ToggleFavoriteInput): Promise<void> {
  await apiForm(add ? 'PUT' : 'DELETE', `/me/preference/FavoriteApps/${encodeURIComponent(appId)}`);
}

/** Updates the cached favourites at once and rolls back if the server refuses. */
export function useToggleFavorite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onMutate: async ({ appId, add }) => {
      await qc.cancelQueries({ queryKey: favoritesKey });
      const before = qc.getQueryData<string[]>(favoritesKey);
      const base = (before ?? []).filter((id) => id !== appId);
      qc.setQueryData<string[]>(favoritesKey, add ? [...base, appId] : base);
      return { before };
    },
    onError: (_e, _v, ctx) => qc.setQueryData(favoritesKey, ctx?.before),
    onSettled: () => qc.invalidateQueries({ queryKey: favoritesKey }),
  });
}
