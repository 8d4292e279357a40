import type { TFunction } from 'i18next';

const KNOWN = new Set(['CNY', 'USD', 'EUR', 'HKD']);

/**
 * A money field's unit as shown next to it: known currency codes in the page's language, anything else as written.
 * The key names its namespace, so any page's `t` reads it (the apply form's and the detail page's).
 */
export function unitLabel(t: TFunction, unit: string | undefined): string | undefined {
  if (!unit) return undefined;
  return KNOWN.has(unit) ? t(`apply:kinds.unit${unit}`) : unit;
}
