import { afterEach, describe, expect, it } from 'vitest';

import { applyFilterChange } from './list-filters.ts';
import { latestParams } from './use-list-filters.ts';

describe('latestParams', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reads the address bar while it shows this page, so a second quick change keeps the first', () => {
    window.history.replaceState(null, '', '/base/workflow/done?timestamps=1,2');
    const rendered = new URLSearchParams(''); // the last render had not seen the year yet
    const next = applyFilterChange(latestParams(rendered, '/workflow/done'), { keyword: 'leave' });
    expect(next.toString()).toBe('timestamps=1%2C2&keyword=leave');
  });

  it('falls back to the rendered params when the address bar shows another page', () => {
    window.history.replaceState(null, '', '/workflow/todo?keyword=x');
    expect(latestParams(new URLSearchParams('unread=true'), '/workflow/flow_cc').toString()).toBe('unread=true');
  });
});
