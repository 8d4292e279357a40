import type { Config } from '../../config.ts';
import { portalBase } from '../../platform/absolute-uri.ts';

/**
 * Where a system's callbacks may go: under the base URL a system administrator registered for it — the same scheme,
 * host and port, and a path at or below the base's. A system names its own callbackUrl, so without this rule it
 * could make the hall POST anywhere the hall can reach (its own loopback, the cloud metadata address, the campus
 * network) and learn from the failures what answers there. Campus systems often live on private addresses, so the
 * rule pins each system to the host it was registered at rather than banning address ranges.
 *
 * Both URLs go through the WHATWG URL parser before they are compared, so one host has one spelling: `2130706433`,
 * `0x7f.1` and `127.0.0.1` are the same host, `HTTP://Host:80/` is `http://host/`, and `..` or `%2e%2e` segments are
 * resolved before the path is compared.
 */

/**
 * The registered base of a system as a URL, or null when none is registered (or it is not a usable http(s) URL).
 * A base that is a path (the demo's systems, `/demo-external/sys-cwxt`) is under this portal's own address
 * (PUBLIC_URL + BASE_PATH), as an app's `uri` that is a path is.
 */
export function callbackBase(baseUrl: string, config: Pick<Config, 'publicUrl' | 'basePath'>): URL | null {
  const raw = baseUrl.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.startsWith('/') && !raw.startsWith('//') ? `${portalBase(config)}${raw}` : raw);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  return url;
}

/** Why a callback URL is not under a base: it carries credentials, names another origin, or leaves the base's path. */
export type CallbackUrlProblem = 'credentials' | 'origin' | 'path';

/** What keeps `callbackUrl` from being under `base`, or null when it is under it. */
export function callbackOutside(callbackUrl: string, base: URL): CallbackUrlProblem | null {
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    return 'origin';
  }
  if (url.username || url.password) return 'credentials';
  // `origin` is scheme, normalised host and port (the scheme's default port left out), or "null" for other schemes.
  if (url.origin === 'null' || url.origin !== base.origin) return 'origin';
  return pathUnder(url.pathname, base.pathname) ? null : 'path';
}

/**
 * Whether `path` is `base` or below it, segment-wise (`/hall` holds `/hall/cb`, not `/hall-admin`). An encoded `/`
 * or `\` is refused: the URL parser keeps it as part of a segment, but a server behind may decode it into a
 * separator and so step out of the base.
 */
function pathUnder(path: string, base: string): boolean {
  if (/%2f|%5c/i.test(path)) return false;
  if (base.endsWith('/')) return path.startsWith(base);
  return path === base || path.startsWith(`${base}/`);
}
