import type { QueryClient } from '@tanstack/react-query';

import { authSession } from '../lib/auth/auth-session.ts';
import { device } from '../lib/config/device.ts';
import type { PageName } from '../lib/routing/layout-contract.ts';
import { queryClient } from './query-client.ts';

type RouteDataModule = { default: (qc: QueryClient, mobile: boolean) => Promise<void> | undefined };

/**
 * Pages whose first data their own code would request only after it downloaded and ran, each with the small module
 * that requests the same query (same key and fetcher as the page's hook), so the page finds it in the cache.
 */
const routeData: Partial<Record<PageName, () => Promise<RouteDataModule>>> = {
  todo: () => import('./prefetch-todo.ts'),
};

/**
 * Starts downloading the module that requests `page`'s data, and returns the function that requests it once the
 * session is known (a signed-out visitor requests nothing; the page's guard sends them to sign in).
 */
export function routeDataRequester(page: PageName | null): (qc: QueryClient) => void {
  const load = page ? routeData[page] : undefined;
  if (!load) return () => undefined;
  const loading = load();
  return (qc) => {
    if (authSession().isSignedIn())
      void loading.then(
        (m) => m.default(qc, device().mobile),
        () => undefined,
      );
  };
}

/**
 * A navigation entered `page` and its chunk has not arrived yet: request its data now, in parallel with the chunk,
 * instead of after the chunk downloaded, parsed and rendered (the to-do page's code is ~100 requests on desktop).
 */
export function enterPage(page: PageName): void {
  routeDataRequester(page)(queryClient);
}
