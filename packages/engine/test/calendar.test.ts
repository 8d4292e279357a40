import { describe, expect, it } from 'vitest';

import { dayNumber, daysInclusive, momentOf } from '../src/form/calendar.ts';
import { isDate, isDateTime, isTime } from '../src/form/index.ts';

describe('calendar values', () => {
  it('accepts real dates and times only', () => {
    expect(['2026-02-28', '2028-02-29', '2026-12-31'].map(isDate)).toEqual([true, true, true]);
    expect(['2026-02-30', '2026-02-29', '2026-13-01', '2026-1-1', '20260101'].map(isDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['00:00', '23:59:59', '18:30+08:00'].map(isTime)).toEqual([true, true, true]);
    expect(['25:00', '12:60', '24:00', '9:00'].map(isTime)).toEqual([false, false, false, false]);
    expect(['2026-11-23T14:00', '2026-11-23 14:00:05Z'].map(isDateTime)).toEqual([true, true]);
    expect(['2026-02-30T10:00', '2026-11-23T25:00', '2026-11-23'].map(isDateTime)).toEqual([false, false, false]);
  });

  it('orders date-times as instants when zoned and as wall-clock times otherwise, on any machine', () => {
    const a = momentOf('2026-11-23T08:00:00+08:00')!;
    const b = momentOf('2026-11-23T01:00:00Z')!;
    expect(a.at < b.at).toBe(true);
    expect(momentOf('2026-11-23T14:00')!.at).toBe(momentOf('2026-11-23T14:00Z')!.at);
    expect(momentOf('2026-11-23')!.kind).toBe('date');
  });

  it('counts the days of a range, with or without weekends', () => {
    const [mon, sun] = [dayNumber('2026-12-07')!, dayNumber('2026-12-13')!];
    expect(daysInclusive(mon, sun)).toBe(7);
    expect(daysInclusive(mon, sun, true)).toBe(5);
    expect(daysInclusive(dayNumber('2026-12-10')!, dayNumber('2026-12-12')!)).toBe(3);
    expect(daysInclusive(dayNumber('2026-12-12')!, dayNumber('2026-12-13')!, true)).toBe(0);
    expect(daysInclusive(dayNumber('2026-01-01')!, dayNumber('2026-12-31')!, true)).toBe(261);
    expect(daysInclusive(dayNumber('1969-12-29')!, dayNumber('1970-01-04')!, true)).toBe(5);
  });
});
