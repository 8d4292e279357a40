/**
 * Recovery from chunk-load failures: a brief network drop or a redeploy (old chunk names gone) while the app is
 * open. The first failure waits until the browser is online and tries again; if that fails too, the page reloads
 * once onto the same address (new deployment, new chunk names). A second failure within a short time is left to
 * the route's error boundary, so a broken deployment cannot cause a reload loop.
 */

const RELOAD_KEY = 'sh.chunkReload';
/** Two reloads of one address closer together than this mean reloading does not help. */
const RELOAD_GUARD_MS = 30_000;

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|Loading (CSS )?chunk|ChunkLoadError/i;

/** True for the errors browsers and Vite raise when a code or style chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return CHUNK_ERROR.test(message);
}

/** Resolves once the browser reports itself online (at once when it already does). */
export function waitForOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * Resolves once the server answers again. navigator.onLine only knows about the local link, and reloading while
 * the server is unreachable would replace the app with the browser's own error page.
 */
export async function waitUntilReachable(
  pause: (ms: number) => Promise<void>,
  probe: () => Promise<unknown> = () => fetch(window.location.href, { method: 'HEAD', cache: 'no-store' }),
): Promise<void> {
  for (;;) {
    await waitForOnline();
    try {
      await probe();
      return;
    } catch {
      await pause(2_000);
    }
  }
}

/** Reloads onto the same address unless that was just done; returns whether a reload was started. */
export function reloadOnce(storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage, now = Date.now()): boolean {
  const here = window.location.href;
  try {
    const last = JSON.parse(storage.getItem(RELOAD_KEY) ?? 'null') as { href: string; at: number } | null;
    if (last && last.href === here && now - last.at < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_KEY, JSON.stringify({ href: here, at: now }));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * Reloads onto the same address once the server answers (a chunk error reached a route's boundary). Reloading at
 * once while offline replaced the portal with the browser's own "no internet" page: a fresh-clone run's offline
 * spec found the page navigating to itself under the click, into the error document.
 */
export async function reloadWhenReachable(
  pause: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  probe?: () => Promise<unknown>,
): Promise<boolean> {
  await waitUntilReachable(pause, probe);
  return reloadOnce();
}

// Stylesheets whose download failed (a failed <link> may still carry an empty sheet, so it is tracked here).
const failedStyles = new Set<string>();
if (typeof document !== 'undefined') {
  const track = (failed: boolean) => (e: Event) => {
    const link = e.target;
    if (!(link instanceof HTMLLinkElement) || link.rel !== 'stylesheet') return;
    if (failed) failedStyles.add(link.href);
    else failedStyles.delete(link.href);
  };
  document.addEventListener('error', track(true), true);
  document.addEventListener('load', track(false), true);
}

/**
 * Vite's preloader remembers every stylesheet it asked for, failed or not, so a retried page would render without
 * its styles: put each failed one back (plus the one Vite names in its error) and wait for them.
 */
async function restoreStylesheets(error: unknown): Promise<void> {
  const named = /Unable to preload CSS for (\S+)/.exec(error instanceof Error ? error.message : '')?.[1];
  const hrefs = new Set(failedStyles);
  if (named) hrefs.add(new URL(named, document.baseURI).href);
  await Promise.all(
    [...hrefs].map(
      (href) =>
        new Promise<void>((resolve, reject) => {
          document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]').forEach((l) => {
            if (l.href === href) l.remove();
          });
          const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => reject(error), { once: true });
          document.head.append(link);
        }),
    ),
  );
}

const never = new Promise<never>(() => undefined);

/** Wraps a chunk loader with the recovery described above. */
export function withChunkRecovery<T>(
  load: () => Promise<T>,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (first) {
      if (!isChunkLoadError(first)) throw first;
      await waitUntilReachable(pause);
      try {
        await restoreStylesheets(first);
        return await load();
      } catch (second) {
        // The page is about to be replaced: keep the fallback on screen instead of flashing an error.
        if (isChunkLoadError(second) && reloadOnce()) return never;
        throw second;
      }
    }
  };
}
