import { readJson, writeJson } from '../../lib/storage/per-user-storage.ts';

/** A list's filters saved under a name: the query string without paging. */
export interface SavedFilter {
  name: string;
  query: string;
}

const MAX_SAVED = 10;

function key(user: string, list: string): string {
  return `sh.savedFilters.${user}.${list}`;
}

/** The query string worth saving: every filter but the page. */
export function filterQuery(params: URLSearchParams): string {
  const q = new URLSearchParams(params);
  q.delete('start');
  q.sort();
  return q.toString();
}

/** The saved filters of one user's list, newest first (kept in this browser; docs/adr/0012-every-screen-right-batch-lists-and-errors.md). */
export function loadSavedFilters(user: string, list: string): SavedFilter[] {
  return readJson<SavedFilter[]>(key(user, list), []);
}

/** Saves (or renames) the filter of this query; at most MAX_SAVED per list. */
export function saveFilter(user: string, list: string, filter: SavedFilter): SavedFilter[] {
  const next = [filter, ...loadSavedFilters(user, list).filter((f) => f.query !== filter.query)].slice(0, MAX_SAVED);
  writeJson(key(user, list), next);
  return next;
}

/** Removes the saved filter of this query. */
export function removeFilter(user: string, list: string, query: string): SavedFilter[] {
  const next = loadSavedFilters(user, list).filter((f) => f.query !== query);
  writeJson(key(user, list), next);
  return next;
}
