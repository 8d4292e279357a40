import { sql, type RawBuilder } from 'kysely';

/**
 * A LIKE pattern matching `keyword` anywhere, with %, _ and the escape character taken literally. Used with
 * `lower(col) like lower(?) escape '\'` because LIKE is case-sensitive on PostgreSQL and not on SQLite.
 */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) like lower(pattern)` with the backslash escape, the same on both dialects. */
export function ilike(column: string, keyword: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${likePattern(keyword)}) escape '\\'`;
}
