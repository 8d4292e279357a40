const KEY = 'sh.returnTo';
const DEFAULT = '/workflow/index';

/** Remembers the router path to come back to after sign-in (sessionStorage: survives the IdP round trip). */
export function storeReturnPath(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    /* ignore */
  }
}

/** Takes (and forgets) the stored path; only same-app paths are accepted, to avoid open redirects. */
export function takeReturnPath(): string {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
  return path && path.startsWith('/') && !path.startsWith('//') ? path : DEFAULT;
}
