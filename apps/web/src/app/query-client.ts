import { QueryClient } from '@tanstack/react-query';

/**
 * The api client already retries 4× on network/5xx/429 (docs/product.md §7), so react-query does not retry on top.
 * Load failures are logged and the loading flag cleared (docs/product.md §8).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's one client: created with the entry so data can be prefetched at boot (app/preload.ts). */
export const queryClient = createQueryClient();
