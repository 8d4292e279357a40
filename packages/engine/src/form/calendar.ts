/**
 * Real calendar dates and clock times, without Date's local-time surprises: every value is read as written,
 * so the browser and the server (in any time zone) reach the same verdict.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(z|[+-]\d{2}:?\d{2})?$/i;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a real calendar date `YYYY-MM-DD`; null for 2026-02-30 and anything else. */
export function dayNumber(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Date.UTC rolls 30 February over into March, which is how an impossible day is detected.
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return at.getTime() / DAY_MS;
}

/** Minutes east of UTC of a zone suffix ("Z", "+08:00", "-0530"); 0 when there is none. */
function zoneOffset(zone: string | undefined): number {
  if (!zone || zone.toLowerCase() === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

/** Seconds since midnight of a clock time (`18:30`, `18:30:05`, zone allowed), null for 25:00; a zone shifts it. */
export function clockSeconds(text: string): number | null {
  const m = TIME.exec(text);
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return null;
  if (m[4] && Math.abs(zoneOffset(m[4])) > 18 * 60) return null;
  return h * 3600 + min * 60 + s - zoneOffset(m[4]) * 60;
}

/**
 * Milliseconds of a date-time as browsers' pickers send it (`2026-11-23T14:00`, seconds and zone optional).
 * A value without a zone is wall-clock time and is read as if it were UTC, on every machine alike; one with a
 * zone is an instant. Null when the date or the time is not real.
 */
export function dateTimeMs(text: string): number | null {
  const at = text.search(/[T ]/i);
  if (at !== 10) return null;
  const day = dayNumber(text.slice(0, at));
  const clock = clockSeconds(text.slice(at + 1));
  return day === null || clock === null ? null : day * DAY_MS + clock * 1000;
}

/** True for a real calendar date `YYYY-MM-DD`. */
export const isDate = (text: string): boolean => dayNumber(text) !== null;
/** True for a real clock time. */
export const isTime = (text: string): boolean => clockSeconds(text) !== null;
/** True for a real date and time. */
export const isDateTime = (text: string): boolean => dateTimeMs(text) !== null;

/** Days from `from` to `to` inclusive (10–12 December is 3), optionally counting Monday to Friday only. */
export function daysInclusive(from: number, to: number, excludeWeekends = false): number {
  if (to < from) return 0;
  if (!excludeWeekends) return to - from + 1;
  // Whole weeks have five working days each; only the remainder (under a week) is walked.
  const total = to - from + 1;
  let count = Math.floor(total / 7) * 5;
  for (let day = from + total - (total % 7); day <= to; day += 1) {
    // 1970-01-01 was a Thursday: day 0 → 4 (0 = Sunday, 6 = Saturday).
    const weekday = (((day + 4) % 7) + 7) % 7;
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
}

export type Moment = { kind: 'date' | 'dateTime' | 'time'; at: number };

/** A date, date-time or clock time as a comparable number of its kind; null for anything else. */
export function momentOf(value: unknown): Moment | null {
  if (typeof value !== 'string') return null;
  const day = dayNumber(value);
  if (day !== null) return { kind: 'date', at: day };
  const ms = dateTimeMs(value);
  if (ms !== null) return { kind: 'dateTime', at: ms };
  const clock = clockSeconds(value);
  return clock === null ? null : { kind: 'time', at: clock };
}
