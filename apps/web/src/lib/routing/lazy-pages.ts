import { createElement, lazy, type ComponentType } from 'react';

import { withChunkRecovery } from './chunk-recovery.ts';
import type { PageLoaders, PageName, PagesMap } from './layout-contract.ts';

type PageModule = { default: ComponentType };

/** A loader that downloads once and remembers what it loaded. */
export interface Loader<T> {
  (): Promise<T>;
  loaded?: T;
}

/** Loads a chunk once; later calls share the promise (a failed load may be retried). */
export function once<T>(load: () => Promise<T>): Loader<T> {
  let p: Promise<T> | null = null;
  const fn: Loader<T> = () =>
    (p ??= load().then(
      (v) => (fn.loaded = v),
      (e: unknown) => {
        p = null;
        throw e;
      },
    ));
  return fn;
}

/**
 * Memoised page loaders, so a preload at boot (app/preload.ts) and the route's page share one download; a failed
 * download recovers by itself (lib/routing/chunk-recovery.ts).
 */
export function pageLoaders(loaders: PageLoaders): Record<PageName, Loader<PageModule>> {
  return Object.fromEntries(Object.entries(loaders).map(([k, load]) => [k, once(withChunkRecovery(load))])) as Record<
    PageName,
    Loader<PageModule>
  >;
}

/**
 * A component per page that loads its chunk on first render, or renders at once when the chunk already arrived:
 * React.lazy would suspend for a tick even then, and React holds a revealed Suspense boundary back up to 300 ms.
 * `onEnter` is told when a page is first rendered before its chunk arrived (the shell starts the page's data then).
 */
export function lazyPages(loaders: Record<PageName, Loader<PageModule>>, onEnter?: (page: PageName) => void): PagesMap {
  const out: Partial<PagesMap> = {};
  for (const [name, load] of Object.entries(loaders) as Array<[PageName, Loader<PageModule>]>) {
    // React.lazy calls this once, at the first render that needs the chunk: after the navigation changed the address.
    const Lazy = lazy(() => {
      onEnter?.(name);
      return load();
    });
    out[name] = function Page() {
      return load.loaded ? createElement(load.loaded.default) : createElement(Lazy);
    };
  }
  return out as PagesMap;
}
