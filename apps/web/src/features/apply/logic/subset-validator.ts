/**
 * A small interpreting JSON-Schema validator for the keywords our form definitions use. Ajv compiles schemas
 * with `new Function`, which the Content-Security-Policy (script-src 'self', no 'unsafe-eval') forbids, so
 * the browser validates with this instead; the server validates again with the full schema on submit.
 * Errors have Ajv's shape so rjsf can place them on fields.
 */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

export type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};

const FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time': /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i,
  time: /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
};

function typeOk(t: string, v: unknown): boolean {
  switch (t) {
    case 'string': return typeof v === 'string';
    case 'number': return typeof v === 'number' && Number.isFinite(v);
    case 'integer': return typeof v === 'number' && Number.isInteger(v);
    case 'boolean': return typeof v === 'boolean';
    case 'object': return !!v && typeof v === 'object' && !Array.isArray(v);
    case 'array': return Array.isArray(v);
    case 'null': return v === null;
    default: return true;
  }
}

/** Validates `data` against `schema`; returns every error found (empty when valid). */
export function validateSubset(schema: Schema, data: unknown, path = '', sPath = '#'): SchemaError[] {
  const errs: SchemaError[] = [];
  const err = (keyword: string, params: Record<string, unknown>, message: string, at = path) =>
    errs.push({ instancePath: at, schemaPath: `${sPath}/${keyword}`, keyword, params, message });
  if (data === undefined) return errs;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length && !types.some((t) => typeOk(t, data))) {
    err('type', { type: types.join(',') }, `must be ${types.join(',')}`);
    return errs;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => e === data)) err('enum', { allowedValues: schema.enum }, 'must be equal to one of the allowed values');
  if ('const' in schema && schema.const !== data) err('const', { allowedValue: schema.const }, 'must be equal to constant');
  if (typeof data === 'string') {
    const len = [...data].length;
    if (typeof schema.minLength === 'number' && len < schema.minLength) err('minLength', { limit: schema.minLength }, `must NOT have fewer than ${schema.minLength} characters`);
    if (typeof schema.maxLength === 'number' && len > schema.maxLength) err('maxLength', { limit: schema.maxLength }, `must NOT have more than ${schema.maxLength} characters`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(data)) err('pattern', { pattern: schema.pattern }, `must match pattern "${schema.pattern}"`);
    const f = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
    if (f && !f.test(data)) err('format', { format: schema.format }, `must match format "${schema.format}"`);
  }
  if (typeof data === 'number') {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema as Record<string, number | undefined>;
    if (minimum !== undefined && data < minimum) err('minimum', { comparison: '>=', limit: minimum }, `must be >= ${minimum}`);
    if (maximum !== undefined && data > maximum) err('maximum', { comparison: '<=', limit: maximum }, `must be <= ${maximum}`);
    if (exclusiveMinimum !== undefined && data <= exclusiveMinimum) err('exclusiveMinimum', { comparison: '>', limit: exclusiveMinimum }, `must be > ${exclusiveMinimum}`);
    if (exclusiveMaximum !== undefined && data >= exclusiveMaximum) err('exclusiveMaximum', { comparison: '<', limit: exclusiveMaximum }, `must be < ${exclusiveMaximum}`);
    if (multipleOf && Math.abs(data / multipleOf - Math.round(data / multipleOf)) > 1e-9) err('multipleOf', { multipleOf }, `must be multiple of ${multipleOf}`);
  }
  if (typeOk('object', data)) {
    const obj = data as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (obj[name] === undefined) err('required', { missingProperty: name }, `must have required property '${name}'`);
    }
    for (const [k, sub] of Object.entries(schema.properties ?? {})) {
      errs.push(...validateSubset(sub, obj[k], `${path}/${k}`, `${sPath}/properties/${k}`));
    }
  }
  if (Array.isArray(data)) {
    if (typeof schema.minItems === 'number' && data.length < schema.minItems) err('minItems', { limit: schema.minItems }, `must NOT have fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && data.length > schema.maxItems) err('maxItems', { limit: schema.maxItems }, `must NOT have more than ${schema.maxItems} items`);
    if (schema.items) data.forEach((v, i) => errs.push(...validateSubset(schema.items!, v, `${path}/${i}`, `${sPath}/items`)));
  }
  return errs;
}
