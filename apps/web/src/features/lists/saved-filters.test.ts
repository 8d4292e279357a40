import { beforeEach, describe, expect, it } from 'vitest';

import { filterQuery, loadSavedFilters, removeFilter, saveFilter } from './saved-filters.ts';

describe('saved filters', () => {
  beforeEach(() => localStorage.clear());

  it('keeps filters per user and list, without the page, newest first', () => {
    const q = filterQuery(new URLSearchParams('keyword=leave&start=20&timestamps=1,2'));
    expect(q).toBe('keyword=leave&timestamps=1%2C2');
    saveFilter('lisi', 'done', { name: 'leave 2026', query: q });
    saveFilter('lisi', 'done', { name: 'other', query: 'keyword=x' });
    expect(loadSavedFilters('lisi', 'done').map((f) => f.name)).toEqual(['other', 'leave 2026']);
    expect(loadSavedFilters('zhangsan', 'done')).toEqual([]);
    expect(loadSavedFilters('lisi', 'todo')).toEqual([]);
    // Saving the same query again renames it instead of adding a twin.
    saveFilter('lisi', 'done', { name: 'renamed', query: q });
    expect(loadSavedFilters('lisi', 'done').map((f) => f.name)).toEqual(['renamed', 'other']);
    expect(removeFilter('lisi', 'done', 'keyword=x').map((f) => f.name)).toEqual(['renamed']);
  });
});
