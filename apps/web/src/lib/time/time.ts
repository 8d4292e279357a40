import i18next from 'i18next';

const FALLBACK = 'zh-CN';

// Asking Intl whether it supports a tag, and building a formatter, each cost far more than formatting: a list page
// formats several dates per row, and asking and building on every call took ~20 ms of the 5,000-task to-do's first
// render (lcp-probe --profile). Both depend only on their arguments, so they are kept.
const supportedTags = new Map<string, boolean>();
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();

function kept<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(
  key: string,
  make: () => F,
): F {
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = make()));
  return f as F;
}

/** Whether this browser's Intl formats dates and relative times in the locale (a bad tag throws). */
function supported(tag: string): boolean {
  let yes = supportedTags.get(tag);
  if (yes === undefined) {
    try {
      yes =
        Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 &&
        Intl.RelativeTimeFormat.supportedLocalesOf([tag]).length > 0;
    } catch {
      yes = false;
    }
    supportedTags.set(tag, yes);
  }
  return yes;
}

const sameLanguage = (tag: string, ui: string) => tag.split('-')[0]!.toLowerCase() === (ui === 'en' ? 'en' : 'zh');

/** The UI language's own locale (zh-CN or en), where the browser's Intl offers it. */
function uiLocale(lng: string): string {
  const ui = lng === 'en' ? 'en' : FALLBACK;
  return supported(ui) ? ui : FALLBACK;
}

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/**
 * Locale dates, relative times and numbers are formatted in: the first of the browser's languages that its Intl
 * supports (about 130 on current browsers: de-DE, fr-CA, zh-TW…), while the UI itself stays zh or en; where the
 * browser offers none of them, the UI language's own (zh-CN or en).
 */
export function currentIntlLocale(
  lng: string = i18next.language,
  browser: readonly string[] = browserLanguages(),
): string {
  for (const tag of browser) if (tag && supported(tag)) return tag;
  return uiLocale(lng);
}

/**
 * Locale of relative times ("5 minutes ago"): words of a sentence, so in the UI's language — the browser's own variant
 * of it when it lists one (en-GB, zh-TW), else zh-CN / en. An English page in a Chinese browser showed "1分钟前"
 * beside English text (seen on the e2e screenshots). Dates and numbers keep the browser's locale.
 */
export function relativeTimeLocale(
  lng: string = i18next.language,
  browser: readonly string[] = browserLanguages(),
): string {
  for (const tag of browser) if (tag && sameLanguage(tag, lng) && supported(tag)) return tag;
  return uiLocale(lng);
}

/** A number with the locale's grouping ("48,200"), and no trailing ".0" on whole numbers. */
export function formatNumber(n: number, locale = currentIntlLocale()): string {
  return kept(`n ${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })).format(n);
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** "5 minutes ago" style text for a time in seconds (docs/product.md §3: minutes, hours, days, months or years ago). */
export function relativeTime(
  seconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
  locale = relativeTimeLocale(),
): string {
  if (!Number.isFinite(seconds)) return UNKNOWN_DATE;
  const diff = Math.max(0, nowSeconds - seconds);
  const rtf = kept(`r ${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  // Under a minute: "刚刚" / "just now" ("1分钟前" read wrong for something seconds old).
  if (diff < MINUTE)
    return sameLanguage(locale, i18next.language) ? i18next.t('common:justNow') : rtf.format(0, 'second');
  if (diff < HOUR) return rtf.format(-Math.max(1, Math.floor(diff / MINUTE)), 'minute');
  if (diff < DAY) return rtf.format(-Math.floor(diff / HOUR), 'hour');
  if (diff < MONTH) return rtf.format(-Math.floor(diff / DAY), 'day');
  if (diff < YEAR) return rtf.format(-Math.floor(diff / MONTH), 'month');
  return rtf.format(-Math.floor(diff / YEAR), 'year');
}

/** What a date that cannot be shown (not a number, beyond year 275760) reads as. */
export const UNKNOWN_DATE = '—';

/**
 * Date (and optionally time) of a time in seconds, in the current locale. A stored value outside what a Date can
 * hold (a delegation "until" 9,000,000,000,000) reads as "—" instead of throwing "Invalid time value" and taking
 * the whole page down.
 */
export function formatDate(seconds: number, withTime = false, locale = currentIntlLocale()): string {
  const date = new Date(seconds * 1000);
  if (typeof seconds !== 'number' || Number.isNaN(date.getTime())) return UNKNOWN_DATE;
  return kept(
    `${withTime ? 't' : 'd'} ${locale}`,
    () =>
      new Intl.DateTimeFormat(
        locale,
        withTime
          ? { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }
          : { year: 'numeric', month: '2-digit', day: '2-digit' },
      ),
  ).format(date);
}

/** "from,to" seconds of a calendar year, 1 January to 31 December (docs/product.md §9, done year filter). */
export function yearRange(year: number): string {
  const from = Math.floor(new Date(year, 0, 1, 0, 0, 0).getTime() / 1000);
  const to = Math.floor(new Date(year, 11, 31, 23, 59, 59).getTime() / 1000);
  return `${from},${to}`;
}
