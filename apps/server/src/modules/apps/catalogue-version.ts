import type { Db } from '../../db/database.ts';

/**
 * In-memory caches of the catalogue (app lists, the search index) are keyed by this version, bumped whenever this
 * instance changes apps or guides. Other instances pick changes up when their short TTL runs out.
 */
const versions = new WeakMap<Db, number>();

/** The current catalogue version of a database handle. */
export function catalogueVersion(db: Db): number {
  return versions.get(db) ?? 0;
}

/** Marks the catalogue as changed, so caches rebuild on next use. */
export function bumpCatalogueVersion(db: Db): void {
  versions.set(db, catalogueVersion(db) + 1);
}

/** A value computed from the catalogue, recomputed after `ttlMs` or when the catalogue version changes. */
export function catalogueCache<K, V>(ttlMs: number) {
  const entries = new WeakMap<Db, Map<K, { version: number; at: number; value: Promise<V> }>>();
  return async (db: Db, key: K, compute: () => Promise<V>): Promise<V> => {
    let byKey = entries.get(db);
    if (!byKey) entries.set(db, (byKey = new Map()));
    const hit = byKey.get(key);
    const version = catalogueVersion(db);
    if (hit && hit.version === version && Date.now() - hit.at < ttlMs) return hit.value;
    const value = compute();
    byKey.set(key, { version, at: Date.now(), value });
    // A failed computation must not stay cached.
    value.catch(() => { if (byKey.get(key)?.value === value) byKey.delete(key); });
    return value;
  };
}
