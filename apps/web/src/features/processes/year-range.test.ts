// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { yearOfTimestamps, yearOptions, yearRange, yearTimestamps } from './year-range.ts';

describe('year range', () => {
  it('offers this year and the two before', () => {
    expect(yearOptions(new Date(2026, 4, 3))).toEqual([2026, 2025, 2024]);
  });

  it('runs from 1 January 00:00:00 to 31 December 23:59:59, in seconds', () => {
    const [from, to] = yearRange(2025);
    expect(Number.isInteger(from) && Number.isInteger(to)).toBe(true);
    const f = new Date(from * 1000);
    const t = new Date(to * 1000);
    expect([f.getFullYear(), f.getMonth(), f.getDate(), f.getHours(), f.getMinutes(), f.getSeconds()]).toEqual([
      2025, 0, 1, 0, 0, 0,
    ]);
    expect([t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), t.getMinutes(), t.getSeconds()]).toEqual([
      2025, 11, 31, 23, 59, 59,
    ]);
    expect(new Date((to + 1) * 1000).getFullYear()).toBe(2026);
  });

  it('round-trips the timestamps value', () => {
    expect(yearTimestamps(2024)).toMatch(/^\d+,\d+$/);
    expect(yearOfTimestamps(yearTimestamps(2024))).toBe(2024);
    expect(yearOfTimestamps('1,2')).toBeUndefined();
    expect(yearOfTimestamps(undefined)).toBeUndefined();
  });
});
