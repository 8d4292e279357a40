/**
 * List filters held in the URL (docs/product.md §5): the filters, the search and the page live in the query string so a
 * reload, a shared link or coming back from a task restores them.
 */
export type FilterValue = string | number | boolean | null | undefined;
export type FilterPatch = Record<string, FilterValue>;

export const PAGE_SIZE = 10;
const PAGING = new Set(['start', 'limit']);
/** Filters the server must not receive empty (docs/product.md §5). */
const DROPPED_WHEN_EMPTY = new Set(['keyword', 'timestamps']);

/** Applies a change to the URL's filters. Changing anything other than start or limit resets start to 0. */
export function applyFilterChange(current: URLSearchParams, patch: FilterPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  let resetsPage = false;
  for (const [name, value] of Object.entries(patch)) {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (!PAGING.has(name) && (next.get(name) ?? '') !== text) resetsPage = true;
    if (text === '') next.delete(name);
    else next.set(name, text);
  }
  if (resetsPage) next.delete('start');
  if (next.get('start') === '0') next.delete('start');
  return next;
}

/** Reads paging from the URL: start ≥ 0 (default 0), limit 1..100 (default 10). */
export function readPaging(params: URLSearchParams): { start: number; limit: number } {
  const start = Number(params.get('start') ?? 0);
  const limit = Number(params.get('limit') ?? PAGE_SIZE);
  return {
    start: Number.isInteger(start) && start >= 0 ? start : 0,
    limit: Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : PAGE_SIZE,
  };
}

/**
 * The server query for a list: fixed parameters, then the URL's filters named in `names`, then paging.
 * Empty keyword and empty timestamps are dropped.
 */
export function toListQuery(
  params: URLSearchParams,
  names: readonly string[],
  fixed: Record<string, string> = {},
): Record<string, string> {
  const query: Record<string, string> = { ...fixed };
  for (const name of names) {
    const value = params.get(name)?.trim() ?? '';
    if (value !== '') query[name] = value;
  }
  for (const name of DROPPED_WHEN_EMPTY) if (query[name]?.trim() === '') delete query[name];
  const { start, limit } = readPaging(params);
  query.limit = String(limit);
  query.start = String(start);
  return query;
}
