import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';

import { applyFilterChange, readPaging, type FilterPatch } from './list-filters.ts';

/**
 * The query string to change. react-router hands the setter the params of the last render, which lag behind the
 * address bar between a navigation and the next render: a second filter change made in that window (pick a year,
 * then search at once) would drop the first. The address bar is current, so read it while it shows this page.
 */
export function latestParams(rendered: URLSearchParams, pathname: string): URLSearchParams {
  if (typeof window === 'undefined' || !window.location.pathname.endsWith(pathname)) return rendered;
  return new URLSearchParams(window.location.search);
}

/** The URL-held filters of a list page and a setter that applies the reset rule of docs/product.md §5. */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const setFilters = useCallback(
    (patch: FilterPatch) => setParams((current) => applyFilterChange(latestParams(current, pathname), patch)),
    [setParams, pathname],
  );
  return { params, setFilters, ...readPaging(params) };
}
