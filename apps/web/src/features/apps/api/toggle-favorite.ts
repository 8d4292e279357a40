import { useMutation, useQueryClient } from '@tanstack/react-query';

import { addFavouriteRoute, removeFavouriteRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';
import { favoritesKey } from './get-favorites.ts';

export interface ToggleFavoriteInput {
  appId: string;
  /** true adds, false removes. */
  add: boolean;
}

/** PUT / DELETE /me/preference/FavoriteApps/{id} (docs/product.md §7). */
export async function toggleFavorite({ appId, add }: ToggleFavoriteInput): Promise<void> {
  await call(add ? addFavouriteRoute : removeFavouriteRoute, { params: { id: appId } });
}

export interface ToggleFavoriteCallbacks {
  onSuccess?: (input: ToggleFavoriteInput) => void;
  onError?: (err: Error) => void;
}

/**
 * Updates the cached favourites at once and rolls back if the server refuses. Messages go through the hook's own
 * callbacks, not mutate()'s: unstarring on the favourites page unmounts the star at once (optimistic removal), and
 * mutate()'s callbacks never run for an unmounted component, so 已取消收藏 would not show.
 */
export function useToggleFavorite(callbacks: ToggleFavoriteCallbacks = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onSuccess: (_d, input) => callbacks.onSuccess?.(input),
    onMutate: async ({ appId, add }) => {
      await qc.cancelQueries({ queryKey: favoritesKey });
      const before = qc.getQueryData<string[]>(favoritesKey);
      const base = (before ?? []).filter((id) => id !== appId);
      qc.setQueryData<string[]>(favoritesKey, add ? [...base, appId] : base);
      return { before };
    },
    onError: (err, _v, ctx) => {
      qc.setQueryData(favoritesKey, ctx?.before);
      callbacks.onError?.(err);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: favoritesKey }),
  });
}
