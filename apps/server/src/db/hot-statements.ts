/**
 * SQL texts of the hot queries (platform/prepared-query.ts), each with a statement name. On PostgreSQL these run as
 * named prepared statements: parsed and planned once per connection instead of on every call.
 * Only these texts are named: pg never deallocates a named statement, so naming every ad-hoc text (IN lists of
 * varying length, keyword filters) would grow each connection's memory without bound.
 */
const names = new Map<string, string>();

/** Registers a hot SQL text; returns its statement name (stable for the life of the process). */
export function registerHotStatement(sqlText: string): string {
  let name = names.get(sqlText);
  if (!name) {
    name = `sh_hot_${names.size + 1}`;
    names.set(sqlText, name);
  }
  return name;
}

/** The statement name of a hot SQL text, or undefined for any other text. */
export function hotStatementName(sqlText: string): string | undefined {
  return names.get(sqlText);
}
