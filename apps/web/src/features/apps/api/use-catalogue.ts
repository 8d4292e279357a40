import { useMemo } from 'react';

import type { App } from '@service-hall/contracts';

import { useAppStats } from './get-app-stats.ts';
import { useFavorites } from './get-favorites.ts';
import { useMyApps } from './get-my-apps.ts';

/** Apps with their completed counts merged in, plus the favourite ids. */
export function useCatalogue() {
  const apps = useMyApps();
  const stats = useAppStats();
  const favs = useFavorites();
  const merged = useMemo<App[]>(
    () =>
      (apps.data ?? []).map((a) =>
        stats.data?.has(a.id) ? { ...a, processCounters: { completed: stats.data.get(a.id) ?? 0 } } : a,
      ),
    [apps.data, stats.data],
  );
  const favorites = useMemo(() => new Set(favs.data ?? []), [favs.data]);
  return { apps: merged, favorites, isLoading: apps.isLoading, error: apps.error, refetch: apps.refetch };
}
