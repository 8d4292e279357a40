import { describe, expect, it } from 'vitest';
import { formatDate, relativeTime, yearRange } from './time.ts';

describe('time helpers', () => {
  const now = 1_800_000_000;
  it('relative time in minutes, hours, days, months, years', () => {
    expect(relativeTime(now - 300, now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(now - 7200, now, 'en')).toBe('2 hours ago');
    expect(relativeTime(now - 3 * 86400, now, 'en')).toBe('3 days ago');
    expect(relativeTime(now - 65 * 86400, now, 'en')).toBe('2 months ago');
    expect(relativeTime(now - 800 * 86400, now, 'en')).toBe('2 years ago');
    expect(relativeTime(now - 300, now, 'zh-CN')).toBe('5分钟前');
  });
  it('formats dates per locale', () => {
    expect(formatDate(0, false, 'en')).toMatch(/19(69|70)/);
  });
  it('shows a date no Date can hold as "—" instead of throwing (issue 19 item 6)', () => {
    expect(formatDate(9_000_000_000_000, true, 'en')).toBe('—');
    expect(formatDate(Number.NaN, false, 'en')).toBe('—');
    expect(relativeTime(Number.POSITIVE_INFINITY, now, 'en')).toBe('—');
    expect(formatDate(8_000_000_000, false, 'en')).toMatch(/2223/);
  });
  it('year range runs 1 Jan to 31 Dec in seconds', () => {
    const [from, to] = yearRange(2026).split(',').map(Number);
    expect(new Date(from * 1000).getMonth()).toBe(0);
    expect(new Date(to * 1000).getDate()).toBe(31);
  });
});
