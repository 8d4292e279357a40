import type { Db } from '../../db/database.ts';

/**
 * In-memory caches of the catalogue (app lists, the search index) are keyed by a version made of two parts: a local
 * counter this instance bumps when it changes apps or guides (seen at once), and the database's `catalogue_version`
 * row, which triggers move on any catalogue change from anywhere — another instance, the admin CLI, an operator's
 * SQL (migrations/015). The row is read at most once per CHECK_MS, so members see others' changes within about a
 * second and the hot paths pay one single-row read per second, not per request.
 */
const local = new WeakMap<Db, number>();
const stored = new WeakMap<Db, { value: number; at: number; pending: Promise<number> | null }>();

/** How often an instance looks at the database's catalogue version, in ms. */
export const CATALOGUE_CHECK_MS = 1_000;

/** The current catalogue version of a database handle (local changes and the database's counter). */
export async function catalogueVersion(db: Db): Promise<string> {
  return `${local.get(db) ?? 0}:${await storedVersion(db)}`;
}

async function storedVersion(db: Db): Promise<number> {
  let entry = stored.get(db);
  if (!entry) stored.set(db, (entry = { value: -1, at: -Infinity, pending: null }));
  if (Date.now() - entry.at < CATALOGUE_CHECK_MS) return entry.value;
  const current = entry;
  current.pending ??= db
    .selectFrom('catalogue_version')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst()
    .then((row) => {
      current.value = Number(row?.version ?? 0);
      current.at = Date.now();
      return current.value;
    })
    .finally(() => {
      current.pending = null;
    });
  return current.pending;
}

/** Marks the catalogue as changed on this instance, so its caches rebuild on next use. */
export function bumpCatalogueVersion(db: Db): void {
  local.set(db, (local.get(db) ?? 0) + 1);
  // The trigger moved the stored counter too; look again on the next use rather than a second later.
  const entry = stored.get(db);
  if (entry) entry.at = -Infinity;
}

/** A value computed from the catalogue, recomputed after `ttlMs` or when the catalogue version changes. */
export function catalogueCache<K, V>(ttlMs: number) {
  const entries = new WeakMap<Db, Map<K, { version: string; at: number; value: Promise<V> }>>();
  return async (db: Db, key: K, compute: () => Promise<V>): Promise<V> => {
    let byKey = entries.get(db);
    if (!byKey) entries.set(db, (byKey = new Map()));
    const version = await catalogueVersion(db);
    const hit = byKey.get(key);
    if (hit && hit.version === version && Date.now() - hit.at < ttlMs) return hit.value;
    const value = compute();
    byKey.set(key, { version, at: Date.now(), value });
    // A failed computation must not stay cached.
    value.catch(() => {
      if (byKey.get(key)?.value === value) byKey.delete(key);
    });
    return value;
  };
}
