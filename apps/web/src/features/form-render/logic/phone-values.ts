import type { FormLike } from './field-message.ts';

type Data = Record<string, unknown>;

/**
 * The phone form's values as the engine reads them: antd-mobile's inputs give numbers as the text typed ("-3"), and
 * empty inputs as '' or []; the schema wants numbers, and an empty field left out (so "required" is what is said).
 */
export function phoneValues(values: Data, form: Pick<FormLike, 'schema'>): Data {
  const props = ((form.schema as { properties?: unknown }).properties ?? {}) as Record<string, { type?: string }>;
  const out: Data = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === '' || v === null || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = ['number', 'integer'].includes(props[k]?.type ?? '') && typeof v === 'string' ? Number(v) : v;
  }
  return out;
}
