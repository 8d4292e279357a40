import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';

import type { Db } from '../db/database.ts';
import { registerHotStatement } from '../db/hot-statements.ts';
import { literalLimit } from '../db/literal-limit.ts';

/**
 * A hot read query built and compiled by Kysely once per database handle, then run with new parameter values.
 * Building and compiling the same query tree on every request cost about as much as running it (15–20 % of a list
 * request's CPU); the SQL text of a given shape never changes, only the values do.
 *
 * `build` receives one placeholder per slot name and returns the query; placeholders may only stand where Kysely
 * turns a value into a bound parameter (comparisons, offset). Values that are constants of the shape (a
 * status literal) stay in the compiled parameters as they are. A slot named `limit` is written into the SQL as a
 * literal (db/literal-limit.ts: a bound LIMIT makes SQLite re-compile the statement on every call), so the query
 * is compiled once per page size.
 *
 * The compiled texts are registered as hot statements: on PostgreSQL they run as named prepared statements.
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
  const compiled = new Map<
    unknown,
    Map<unknown, { sql: string; params: ReadonlyArray<{ slot: S } | { value: unknown }> }>
  >();
  const bound = slots.filter((s) => s !== 'limit');
  const hasLimit = bound.length < slots.length;
  const marks = Object.fromEntries(bound.map((s) => [s, `\u0000slot:${s}\u0000`])) as Record<S, never>;
  const bySlotMark = new Map<unknown, S>(bound.map((s) => [marks[s], s]));
  const withLimit = (v: Record<S, unknown>, m: Record<S, never>) =>
    (hasLimit ? { ...m, limit: literalLimit(Number(v['limit' as S])) } : m) as Record<S, never>;
  return async (db, values) => {
    const executor = db.getExecutor();
    // A handle with plugins (tests inject failures that way) gets the query built per call, through its plugins.
    if (executor.plugins.length > 0)
      return db.executeQuery<Row>(build(db, withLimit(values, values as Record<S, never>)).compile());
    const dialect = executor.adapter.constructor;
    let byLimit = compiled.get(dialect);
    if (!byLimit) compiled.set(dialect, (byLimit = new Map()));
    const limitKey = hasLimit ? values['limit' as S] : null;
    let c = byLimit.get(limitKey);
    if (!c) {
      const q = build(db, withLimit(values, marks)).compile();
      const params = q.parameters.map((p) => (bySlotMark.has(p) ? { slot: bySlotMark.get(p)! } : { value: p }));
      const unused = bound.filter((s) => !params.some((p) => 'slot' in p && p.slot === s));
      if (unused.length > 0) throw new Error(`prepared query: slot(s) ${unused.join(', ')} not bound as a parameter`);
      c = { sql: q.sql, params };
      registerHotStatement(q.sql);
      byLimit.set(limitKey, c);
    }
    const parameters = c.params.map((p) => ('slot' in p ? values[p.slot] : p.value));
    return db.executeQuery<Row>(CompiledQuery.raw(c.sql, parameters));
  };
}
