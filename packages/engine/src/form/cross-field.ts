/** Rules across fields: an end not before its start, a date range in order, computed values matching their inputs. */
import type { CrossFieldRule, FormDefinition, FormError, JsonSchema } from '../types.ts';
import { dayNumber, daysInclusive, momentOf } from './calendar.ts';
import type { ComputedRule } from './field-kinds.ts';
import type { SchemaError } from './schema-errors.ts';

/** The value at a dotted path (`period.start`), own properties only. */
export function valueAt(data: Record<string, unknown>, path: string): unknown {
  let here: unknown = data;
  for (const key of path.split('.')) {
    if (typeof here !== 'object' || here === null || !Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** The rule's error, or null. Dates compare as calendar days, date-times as instants, clock times as times of day. */
function checkOrder(rule: CrossFieldRule, data: Record<string, unknown>): FormError | null {
  const from = momentOf(valueAt(data, rule.from));
  const to = momentOf(valueAt(data, rule.to));
  // Missing or malformed values are the schema's to report; comparing them would only add noise.
  if (!from || !to || from.kind !== to.kind) return null;
  return to.at < from.at ? { field: rule.to, message: rule.message } : null;
}

/** The value a computed field must have (or not exceed) for this data; null when its inputs are not real dates yet. */
export function computeValue(rule: ComputedRule, data: Record<string, unknown>): number | null {
  const from = valueAt(data, rule.from);
  const to = valueAt(data, rule.to);
  const first = typeof from === 'string' ? dayNumber(from) : null;
  const last = typeof to === 'string' ? dayNumber(to) : null;
  if (first === null || last === null || last < first) return null;
  return daysInclusive(first, last, rule.excludeWeekends);
}

/**
 * The data with every computed field the client left out filled in from its inputs (`equal` rules only: an `atMost`
 * field is the applicant's own choice below the ceiling). A value the client sent is kept and checked, never
 * overwritten: a wrong number is the client's error to hear about. The web layouts send the value they show; an
 * API client need not compute it.
 */
export function fillComputed(form: FormDefinition, data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  let filled: Record<string, unknown> | null = null;
  for (const [name, schema] of Object.entries(form.schema.properties)) {
    const rule = schema['x-computed'] as ComputedRule | undefined;
    if (!rule || rule.compare === 'atMost' || (record[name] !== undefined && record[name] !== null)) continue;
    const value = computeValue(rule, record);
    if (value !== null) (filled ??= { ...record })[name] = value;
  }
  return filled ?? data;
}

function checkComputed(name: string, schema: JsonSchema, data: Record<string, unknown>, out: SchemaError[]): void {
  const rule = schema['x-computed'] as ComputedRule;
  const given = data[name];
  const expected = computeValue(rule, data);
  if (typeof given !== 'number' || expected === null) return;
  if (rule.compare === 'atMost') {
    if (given > expected) out.push({ path: [name], keyword: 'computedAtMost', params: { expected } });
  } else if (Math.abs(given - expected) > 1e-9) {
    out.push({ path: [name], keyword: 'computedEqual', params: { expected } });
  }
}

function checkRange(name: string, data: Record<string, unknown>, out: SchemaError[]): void {
  const value = data[name];
  if (typeof value !== 'object' || value === null) return;
  const from = momentOf((value as Record<string, unknown>).start);
  const to = momentOf((value as Record<string, unknown>).end);
  if (from && to && from.kind === to.kind && to.at < from.at)
    out.push({ path: [name], keyword: 'rangeOrder', params: {} });
}

/** Errors of the definition's own rules (texts as the definition words them) and of its field kinds. */
export function crossFieldErrors(
  form: FormDefinition,
  data: Record<string, unknown>,
): { ruled: FormError[]; kinds: SchemaError[] } {
  const ruled = (form.rules ?? []).map((rule) => checkOrder(rule, data)).filter((e): e is FormError => e !== null);
  const kinds: SchemaError[] = [];
  for (const [name, schema] of Object.entries(form.schema.properties)) {
    if (schema['x-computed']) checkComputed(name, schema, data, kinds);
    if (schema['x-kind'] === 'dateRange') checkRange(name, data, kinds);
  }
  return { ruled, kinds };
}
