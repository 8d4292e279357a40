// @vitest-environment node
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import { currentIntlLocale, formatDate, formatNumber, relativeTime, relativeTimeLocale, yearRange } from './time.ts';

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
  it('says "just now" under a minute, in the UI language, not "1 minute ago"', async () => {
    await i18next.init({
      lng: 'zh',
      resources: { zh: { common: { justNow: '刚刚' } }, en: { common: { justNow: 'just now' } } },
    });
    const now = 1_800_000_000;
    expect(relativeTime(now - 20, now, 'zh-CN')).toBe('刚刚');
    await i18next.changeLanguage('en');
    expect(relativeTime(now - 20, now, 'en-GB')).toBe('just now');
    expect(relativeTime(now - 60, now, 'en-GB')).toBe('1 minute ago');
    // A German browser with the Chinese UI: German format, Intl's own word for "now".
    await i18next.changeLanguage('zh');
    expect(relativeTime(now - 20, now, 'de-DE')).toBe('jetzt');
  });
  it("formats in the browser's first supported language, else the UI language's locale", () => {
    expect(currentIntlLocale('zh', ['de-DE', 'en'])).toBe('de-DE');
    expect(currentIntlLocale('en', ['fr-CA'])).toBe('fr-CA');
    expect(currentIntlLocale('en', ['not a tag!'])).toBe('en');
    expect(currentIntlLocale('zh', [])).toBe('zh-CN');
    expect(formatDate(864_000 + 43_200, false, 'de-DE')).toMatch(/11\.01\.1970/);
    // Relative times are words: in the UI's language, the browser's variant of it when listed.
    expect(relativeTimeLocale('en', ['zh-CN', 'en-GB'])).toBe('en-GB');
    expect(relativeTimeLocale('en', ['zh-CN'])).toBe('en');
    expect(relativeTimeLocale('zh', ['de-DE', 'zh-TW'])).toBe('zh-TW');
    expect(relativeTimeLocale('zh', ['en-US'])).toBe('zh-CN');
  });
  it('groups thousands and drops ".0"', () => {
    expect(formatNumber(48200, 'zh-CN')).toBe('48,200');
    expect(formatNumber(3, 'en')).toBe('3');
    expect(formatNumber(2.5, 'de-DE')).toBe('2,5');
  });
  it('formats dates per locale', () => {
    expect(formatDate(0, false, 'en')).toMatch(/19(69|70)/);
  });
  it('shows a date no Date can hold as "—" instead of throwing', () => {
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
