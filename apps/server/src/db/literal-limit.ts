import { sql, type RawBuilder } from 'kysely';

/**
 * A LIMIT written into the SQL text instead of bound. SQLite (3.47+) reads the value of a bound LIMIT while
 * planning and marks the statement to be re-compiled whenever that parameter is bound again — so a cached
 * `… LIMIT ?` statement was re-prepared on every call. A literal keeps one compiled statement
 * per page size; page sizes are integers from 1 to the contract's maximum, so the texts stay few.
 * OFFSET is not affected (SQLite does not plan with it) and stays bound.
 */
export function literalLimit(n: number | RawBuilder<number>): RawBuilder<number> {
  // Already literal: a prepared query's limit slot (platform/prepared-query.ts) arrives as one.
  if (typeof n !== 'number') return n;
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`limit must be a non-negative integer, got ${String(n)}`);
  return sql.lit(n);
}
