import type { Db } from '../db/database.ts';

/** How process(id, entry, system) names a process; every given part must match. */
export interface ProcessKey {
  id?: string;
  entry?: string;
  system?: string;
}

/**
 * The process ids for many keys in one query (a DataLoader batch: every aliased `process` field of a request).
 * A key matches nothing when a part disagrees, e.g. an entry asked for within the wrong system.
 */
export async function processIdsByKeys(db: Db, keys: readonly ProcessKey[]): Promise<Array<string | null>> {
  const ids = [...new Set(keys.flatMap((k) => (k.id ? [k.id] : [])))];
  const entries = [...new Set(keys.flatMap((k) => (k.entry ? [k.entry] : [])))];
  const rows = await db
    .selectFrom('processes')
    .select(['id', 'entry', 'system_id'])
    .where((eb) =>
      eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(entries.length ? [eb('entry', 'in', entries)] : [])]),
    )
    .execute();
  return keys.map(
    (k) =>
      rows.find(
        (r) =>
          (k.id === undefined || r.id === k.id) &&
          (k.entry === undefined || r.entry === k.entry) &&
          (k.system === undefined || r.system_id === k.system),
      )?.id ?? null,
  );
}
