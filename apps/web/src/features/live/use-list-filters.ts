import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { applyFilterChange, readPaging, type FilterPatch } from './list-filters.ts';

/** The URL-held filters of a list page and a setter that applies the spec's reset rule. */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const setFilters = useCallback(
    (patch: FilterPatch) => setParams((current) => applyFilterChange(current, patch)),
    [setParams],
  );
  return { params, setFilters, ...readPaging(params) };
}
