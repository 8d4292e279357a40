/**
 * An interpreter for the JSON-Schema subset forms use (see form-schema-check.ts). It walks the schema at
 * run time instead of compiling it to code, so it runs in the browser under a CSP without 'unsafe-eval'.
 */
import type { JsonSchema } from '../types.ts';
import { ATTACHMENT_ITEM, attachmentLimits, checkAttachmentFile, type AttachmentRef } from './attachment.ts';
import { isDate, isDateTime, isTime } from './calendar.ts';
import { compilePattern } from './pattern.ts';
import { FORBIDDEN_KEYS, type SchemaError } from './schema-errors.ts';

const FORMAT_CHECKS: Record<string, (text: string) => boolean> = {
  date: isDate,
  'date-time': isDateTime,
  time: isTime,
  email: (t) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t),
  uri: (t) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(t),
  uuid: (t) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(t),
};

/**
 * Whether `value` matches the pattern, in time linear in its length (form/pattern.ts). A pattern the publish check
 * would refuse matches nothing: such a schema never drives a form, and no value is accepted unchecked.
 */
function matchesPattern(source: string, value: string): boolean {
  const compiled = compilePattern(source);
  return compiled.ok && compiled.pattern.test(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return false;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));
}

function checkString(s: JsonSchema, value: string, path: string[], out: SchemaError[]): void {
  const length = [...value].length;
  if (typeof s.minLength === 'number' && length < s.minLength) {
    // An empty or all-blank text is how most widgets say "not filled in".
    out.push({ path, keyword: value.trim() === '' ? 'required' : 'minLength', params: { limit: s.minLength } });
  } else if (typeof s.minLength === 'number' && s.minLength > 0 && value.trim() === '') {
    out.push({ path, keyword: 'required', params: {} });
  }
  if (typeof s.maxLength === 'number' && length > s.maxLength)
    out.push({ path, keyword: 'maxLength', params: { limit: s.maxLength } });
  if (typeof s.pattern === 'string' && !matchesPattern(s.pattern, value))
    out.push({ path, keyword: 'pattern', params: {} });
  const format = typeof s.format === 'string' ? FORMAT_CHECKS[s.format] : undefined;
  if (format && !format(value)) out.push({ path, keyword: 'format', params: { format: s.format } });
}

function checkNumber(s: JsonSchema, value: number, path: string[], out: SchemaError[]): void {
  const n = s as Record<string, number | undefined>;
  if (n.minimum !== undefined && value < n.minimum)
    out.push({ path, keyword: 'minimum', params: { limit: n.minimum } });
  if (n.maximum !== undefined && value > n.maximum)
    out.push({ path, keyword: 'maximum', params: { limit: n.maximum } });
  if (n.exclusiveMinimum !== undefined && value <= n.exclusiveMinimum)
    out.push({ path, keyword: 'exclusiveMinimum', params: { limit: n.exclusiveMinimum } });
  if (n.exclusiveMaximum !== undefined && value >= n.exclusiveMaximum)
    out.push({ path, keyword: 'exclusiveMaximum', params: { limit: n.exclusiveMaximum } });
  // Compared with a tolerance: 0.3 / 0.1 is not exactly 3 in floating point.
  if (n.multipleOf && Math.abs(value / n.multipleOf - Math.round(value / n.multipleOf)) > 1e-9) {
    out.push({ path, keyword: 'multipleOf', params: { multipleOf: n.multipleOf } });
  }
  // Money is kept in fen: more than two decimals cannot be paid.
  if (s['x-kind'] === 'money' && Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)
    out.push({ path, keyword: 'money', params: {} });
}

/** An attachment field: at most its count of files, each a well-formed reference of an accepted type and size. */
function checkAttachments(s: JsonSchema, value: unknown[], path: string[], out: SchemaError[]): void {
  const { maxCount } = attachmentLimits(s);
  if (typeof s.minItems === 'number' && value.length < s.minItems)
    out.push({ path, keyword: 'minItems', params: { limit: s.minItems } });
  if (value.length > maxCount) out.push({ path, keyword: 'attachmentCount', params: { limit: maxCount } });
  if (new Set(value.map((v) => (v as Partial<AttachmentRef> | null)?.id)).size !== value.length)
    out.push({ path, keyword: 'uniqueItems', params: {} });
  value.forEach((item, i) => {
    const before = out.length;
    validateValue(ATTACHMENT_ITEM, item, [...path, String(i)], out);
    if (out.length === before) out.push(...checkAttachmentFile(s, item as AttachmentRef, path));
  });
}

function checkArray(s: JsonSchema, value: unknown[], path: string[], out: SchemaError[]): void {
  if (s['x-kind'] === 'attachment') {
    checkAttachments(s, value, path, out);
    return;
  }
  if (typeof s.minItems === 'number' && value.length < s.minItems)
    out.push({ path, keyword: 'minItems', params: { limit: s.minItems } });
  if (typeof s.maxItems === 'number' && value.length > s.maxItems)
    out.push({ path, keyword: 'maxItems', params: { limit: s.maxItems } });
  if (s.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) {
    out.push({ path, keyword: 'uniqueItems', params: {} });
  }
  const items = s.items as JsonSchema | undefined;
  if (items) value.forEach((item, i) => validateValue(items, item, [...path, String(i)], out));
  else value.forEach((item, i) => refuseForbiddenKeys(item, [...path, String(i)], out));
}

function checkObject(s: JsonSchema, value: Record<string, unknown>, path: string[], out: SchemaError[]): void {
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of (s.required as string[] | undefined) ?? []) {
    const given = Object.hasOwn(value, name) ? value[name] : undefined;
    const prop = Object.hasOwn(props, name) ? props[name] : {};
    // A text of only spaces is not an answer. Fields with their own minLength/minItems report it there.
    const blankText = typeof given === 'string' && given.trim() === '' && !((prop.minLength as number) >= 1);
    const emptyList = Array.isArray(given) && given.length === 0 && !((prop.minItems as number) >= 1);
    if (given === undefined || blankText || emptyList)
      out.push({ path: [...path, name], keyword: 'required', params: {} });
  }
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) out.push({ path: [...path, key], keyword: 'forbiddenKey', params: { key } });
    else if (!Object.hasOwn(props, key))
      out.push({ path: [...path, key], keyword: 'additionalProperties', params: { key } });
    else validateValue(props[key], value[key], [...path, key], out);
  }
}

/** Refuses prototype-reaching keys anywhere inside a value the schema does not describe further. */
function refuseForbiddenKeys(value: unknown, path: string[], out: SchemaError[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => refuseForbiddenKeys(v, [...path, String(i)], out));
  else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) out.push({ path: [...path, key], keyword: 'forbiddenKey', params: { key } });
      else refuseForbiddenKeys(value[key], [...path, key], out);
    }
  }
}

/** Appends every error of `value` against `schema` to `out`. */
export function validateValue(schema: JsonSchema, value: unknown, path: string[], out: SchemaError[]): void {
  if (value === undefined) return;
  if (schema['x-kind'] === 'description') {
    // A description is text shown on the form, not a question: it carries no value.
    out.push({ path, keyword: 'additionalProperties', params: {} });
    return;
  }
  const types =
    schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (types.length > 0 && !types.some((t) => typeMatches(t, value))) {
    out.push({ path, keyword: 'type', params: { type: types[0] } });
    refuseForbiddenKeys(value, path, out);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => sameValue(e, value)))
    out.push({ path, keyword: 'enum', params: {} });
  if ('const' in schema && !sameValue(schema.const, value)) out.push({ path, keyword: 'enum', params: {} });
  if (typeof value === 'string') checkString(schema, value, path, out);
  else if (typeof value === 'number') checkNumber(schema, value, path, out);
  else if (Array.isArray(value)) checkArray(schema, value, path, out);
  else if (isObject(value)) {
    if (schema.properties) checkObject(schema, value, path, out);
    else refuseForbiddenKeys(value, path, out);
  }
}
