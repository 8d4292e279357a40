import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * A hot read query built and compiled by Kysely once per database handle, then run with new parameter values.
 * Building and compiling the same query tree on every request cost about as much as running it (15–20 % of a list
 * request's CPU); the SQL text of a given shape never changes, only the values do.
 *
 * `build` receives one placeholder per slot name and returns the query; placeholders may only stand where Kysely
 * turns a value into a bound parameter (comparisons, limit, offset). Values that are constants of the shape (a
 * status literal) stay in the compiled parameters as they are.
 */
export function preparedQuery<S extends string, Row>(
  slots: readonly S[],
  build: (db: Db, slot: Record<S, never>) => Compilable<Row>,
): (db: Db, values: Record<S, unknown>) => Promise<Row[]> {
  const run = preparedStatement(slots, build);
  return async (db, values) => (await run(db, values)).rows;
}

/** As preparedQuery, with the whole result (numAffectedRows of an update, insertId). */
export function preparedStatement<S extends string, Row>(
  slots: readonly S[],
  build: (db: Db, slot: Record<S, never>) => Compilable<Row>,
): (db: Db, values: Record<S, unknown>) => Promise<QueryResult<Row>> {
  // The SQL text depends only on the dialect's compiler (? or $1): one compilation per dialect adapter class, shared
  // by every handle and transaction of that dialect.
  const compiled = new Map<unknown, { sql: string; params: ReadonlyArray<{ slot: S } | { value: unknown }> }>();
  const marks = Object.fromEntries(slots.map((s) => [s, `\u0000slot:${s}\u0000`])) as Record<S, never>;
  const bySlotMark = new Map<unknown, S>(slots.map((s) => [marks[s], s]));
  return async (db, values) => {
    const executor = db.getExecutor();
    // A handle with plugins (tests inject failures that way) gets the query built per call, through its plugins.
    if (executor.plugins.length > 0) return db.executeQuery<Row>(build(db, values as Record<S, never>).compile());
    const dialect = executor.adapter.constructor;
    let c = compiled.get(dialect);
    if (!c) {
      const q = build(db, marks).compile();
      const params = q.parameters.map((p) => (bySlotMark.has(p) ? { slot: bySlotMark.get(p)! } : { value: p }));
      const unused = slots.filter((s) => !params.some((p) => 'slot' in p && p.slot === s));
      if (unused.length > 0) throw new Error(`prepared query: slot(s) ${unused.join(', ')} not bound as a parameter`);
      c = { sql: q.sql, params };
      compiled.set(dialect, c);
    }
    const parameters = c.params.map((p) => ('slot' in p ? values[p.slot] : p.value));
    return db.executeQuery<Row>(CompiledQuery.raw(c.sql, parameters));
  };
}
