import type { RuntimeConfig } from '@service-hall/contracts';

let current: RuntimeConfig | null = null;

/** Fetches BASE_PATH/config.json (relative to <base href>) once, before the first render. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const url = new URL('config.json', document.baseURI);
  const res = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
  const cfg = (await res.json()) as RuntimeConfig;
  if (!cfg.oidc?.authority || !cfg.oidc.clientId)
    throw new Error('config.json: oidc.authority and oidc.clientId are required');
  cfg.basePath = cfg.basePath?.endsWith('/') ? cfg.basePath : `${cfg.basePath ?? ''}/`;
  current = cfg;
  return cfg;
}

/** The loaded runtime configuration; throws when called before loadRuntimeConfig resolved. */
export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime config not loaded');
  return current;
}

/** Tests and embedders may set the configuration directly. */
export function setRuntimeConfig(cfg: RuntimeConfig): void {
  current = cfg;
}

/** Absolute URL of a path under the SPA's base path, e.g. appUrl('workflow/oidcCallback'). */
export function appUrl(path: string): string {
  return `${window.location.origin}${runtimeConfig().basePath}${path.replace(/^\//, '')}`;
}

/** Base for the react-router basename: the base path without its trailing slash ('' for '/'). */
export function routerBasename(): string {
  return runtimeConfig().basePath.replace(/\/$/, '');
}
