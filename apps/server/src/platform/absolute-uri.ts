import type { Config } from '../config.ts';

/** Where the portal's own pages live, without the trailing slash: PUBLIC_URL + BASE_PATH. */
export const portalBase = (config: Pick<Config, 'publicUrl' | 'basePath'>): string =>
  `${config.publicUrl}${config.basePath}`.replace(/\/$/, '');

const MAX_DEPTH = 6;

/**
 * A copy of an answer's value with every `uri` that is a path of ours (`/workflow/…`) made absolute: clients of the
 * workflow API open them outside the portal. Presenters keep paths, as stored; this runs once per answer
 * in defineRoute and in the GraphQL resolvers. Values are copied, never changed in place, because some are
 * cached (the catalogue). A `uri` that is already a URL, or `//host/…`, is left alone, and a process's form `data`
 * is the applicant's, never rewritten.
 */
export function absoluteUris<T>(value: T, base: string, depth = 0): T {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => absoluteUris(v, base, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'data') out[key] = v;
    else if (key === 'uri' && typeof v === 'string' && v.startsWith('/') && !v.startsWith('//')) out[key] = base + v;
    else out[key] = absoluteUris(v, base, depth + 1);
  }
  return out as T;
}
