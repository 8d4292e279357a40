// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { applyFilterChange, readPaging, toListQuery } from './list-filters.ts';

const p = (s: string) => new URLSearchParams(s);

describe('URL filter state', () => {
  it('resets start to 0 when a filter other than start or limit changes', () => {
    expect(applyFilterChange(p('keyword=a&start=20'), { keyword: 'b' }).toString()).toBe('keyword=b');
    expect(applyFilterChange(p('unread=true&start=20'), { unread: null }).toString()).toBe('');
    expect(applyFilterChange(p('keyword=a&start=20'), { start: 30 }).toString()).toBe('keyword=a&start=30');
    expect(applyFilterChange(p('start=20'), { limit: 20 }).toString()).toBe('start=20&limit=20');
  });

  it('keeps start when the filter is set to the value it already has', () => {
    expect(applyFilterChange(p('keyword=a&start=20'), { keyword: 'a' }).toString()).toBe('keyword=a&start=20');
  });

  it('drops empty keyword and timestamps', () => {
    expect(applyFilterChange(p('keyword=a&timestamps=1,2'), { keyword: '  ', timestamps: '' }).toString()).toBe('');
    expect(toListQuery(p('keyword=&timestamps='), ['keyword', 'timestamps'], { sep: 'false' })).toEqual({
      sep: 'false',
      limit: '10',
      start: '0',
    });
  });

  it('builds the server query with paging from 0 by 10', () => {
    expect(toListQuery(p('keyword=leave&start=10&other=x'), ['keyword'], { order: 'create' })).toEqual({
      order: 'create',
      keyword: 'leave',
      limit: '10',
      start: '10',
    });
    expect(readPaging(p('start=-5&limit=abc'))).toEqual({ start: 0, limit: 10 });
  });
});
