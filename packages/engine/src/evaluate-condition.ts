/** Branch conditions over form data. */
import type { Condition } from './types.ts';

/** A finite number for numbers and numeric strings ("5000.01"), so form values compare numerically. */
function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function equal(a: unknown, b: unknown): boolean {
  const [x, y] = [numeric(a), numeric(b)];
  if (x !== null && y !== null) return x === y;
  return a === b;
}

/** Negative, zero or positive; null when the two values cannot be ordered. */
function compare(a: unknown, b: unknown): number | null {
  const [x, y] = [numeric(a), numeric(b)];
  if (x !== null && y !== null) return x - y;
  // ISO dates order correctly as text, which is why strings compare at all.
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

/** True when the form data satisfies the condition; a missing field satisfies only `neq`. */
export function evaluateCondition(condition: Condition, data: Record<string, unknown>): boolean {
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, data));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, data));
  const actual = data[condition.field];
  const { value } = condition;
  if (condition.op === 'eq') return equal(actual, value);
  if (condition.op === 'neq') return !equal(actual, value);
  if (condition.op === 'in') return Array.isArray(value) && value.some((v) => equal(actual, v));
  const order = compare(actual, value);
  if (order === null) return false;
  switch (condition.op) {
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
  }
}
