import { describe, expect, it } from 'vitest';

import { dayWindow, isPastDay, lastMoment } from './day-window.ts';

describe('dayWindow', () => {
  const now = new Date(2026, 10, 24, 9, 30);

  it('ends at the end of the last day, not at its start', () => {
    const w = dayWindow(new Date(2026, 10, 25), new Date(2026, 10, 30), now);
    expect(new Date(w.from * 1000)).toEqual(new Date(2026, 10, 25, 0, 0));
    expect(new Date(w.to * 1000)).toEqual(new Date(2026, 11, 1, 0, 0));
    expect(new Date(lastMoment(w.to) * 1000)).toEqual(new Date(2026, 10, 30, 23, 59));
  });

  it('starts now when the first day is today, and a one-day window lasts the day', () => {
    const w = dayWindow(new Date(2026, 10, 24), new Date(2026, 10, 24), now);
    expect(new Date(w.from * 1000)).toEqual(now);
    expect(new Date(w.to * 1000)).toEqual(new Date(2026, 10, 25, 0, 0));
  });

  it('knows past days', () => {
    expect(isPastDay(new Date(2026, 10, 23, 23, 59), now)).toBe(true);
    expect(isPastDay(new Date(2026, 10, 24, 0, 0), now)).toBe(false);
  });
});
