/**
 * Checks a form's schema before it is used: only keywords the interpreter understands (a typo such as
 * `minimun` would otherwise be silently ignored), known formats, patterns that compile, required fields
 * that exist, and well-formed field kinds.
 */
import type { JsonSchema } from '../types.ts';
import { attachmentSchemaProblems } from './attachment.ts';
import { FIELD_KINDS, type ComputedRule } from './field-kinds.ts';
import { compilePattern } from './pattern.ts';
import { FORBIDDEN_KEYS } from './schema-errors.ts';

const ANNOTATIONS = ['title', 'description', 'default', 'examples', '$id', '$schema', 'readOnly', '$comment'];
const KEYWORDS = new Set([
  ...ANNOTATIONS,
  'type',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'x-kind',
  'x-unit',
  'x-computed',
  'x-accept',
  'x-max-size',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
export const FORMATS = new Set(['date', 'date-time', 'time', 'email', 'uri', 'uuid']);
const NUMERIC = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
];

function checkComputed(rule: unknown, at: string, problems: string[]): void {
  const r = rule as Partial<ComputedRule> | null;
  const ok =
    typeof r === 'object' &&
    r !== null &&
    r.fn === 'days' &&
    typeof r.from === 'string' &&
    typeof r.to === 'string' &&
    (r.compare === undefined || r.compare === 'equal' || r.compare === 'atMost') &&
    (r.excludeWeekends === undefined || typeof r.excludeWeekends === 'boolean');
  if (!ok) problems.push(`${at}: x-computed must be { fn: "days", from, to, excludeWeekends?, compare? }`);
}

/** Problems of one schema node and everything below it; `at` is its dotted location. */
function checkNode(node: JsonSchema, at: string, problems: string[], translations?: Map<string, string>): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    problems.push(`${at}: must be a schema object`);
    return;
  }
  for (const key of Object.keys(node)) {
    if (!KEYWORDS.has(key)) problems.push(`${at}: unknown keyword "${key}"`);
  }
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  if (types.some((t) => !TYPES.has(t as string))) problems.push(`${at}: unknown type ${JSON.stringify(node.type)}`);
  if (node.format !== undefined && !FORMATS.has(node.format as string))
    problems.push(`${at}: unknown format "${String(node.format)}"`);
  if (node.enum !== undefined && (!Array.isArray(node.enum) || node.enum.length === 0))
    problems.push(`${at}: enum must be a non-empty list`);
  for (const key of NUMERIC) {
    if (node[key] !== undefined && (typeof node[key] !== 'number' || !Number.isFinite(node[key])))
      problems.push(`${at}: ${key} must be a number`);
  }
  if (node.pattern !== undefined) {
    const compiled = typeof node.pattern === 'string' ? compilePattern(node.pattern) : null;
    if (compiled === null) problems.push(`${at}: pattern must be a string`);
    else if (!compiled.ok) {
      const field = at.split('.').at(-1);
      problems.push(`${at}: the pattern of field "${field}" ${compiled.reason.en}`);
      translations?.set(problems.at(-1)!, `字段“${field}”的格式（pattern）${compiled.reason.zh}`);
    }
  }
  if (node['x-kind'] !== undefined && !(FIELD_KINDS as readonly unknown[]).includes(node['x-kind'])) {
    problems.push(`${at}: unknown x-kind "${String(node['x-kind'])}"`);
  }
  if (node['x-kind'] === 'attachment') problems.push(...attachmentSchemaProblems(node, at));
  if (node['x-computed'] !== undefined) checkComputed(node['x-computed'], at, problems);
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
    problems.push(`${at}: additionalProperties may only be false (undeclared fields are always refused)`);
  }
  if (node.items !== undefined) checkNode(node.items as JsonSchema, `${at}.items`, problems, translations);
  if (node.properties !== undefined) {
    const props = node.properties as Record<string, JsonSchema>;
    for (const [name, sub] of Object.entries(props)) {
      if (FORBIDDEN_KEYS.has(name)) problems.push(`${at}: "${name}" cannot be a field name`);
      checkNode(sub, `${at}.properties.${name}`, problems, translations);
    }
  }
  if (node.required !== undefined) {
    const names = Array.isArray(node.required) ? node.required : [];
    if (!Array.isArray(node.required)) problems.push(`${at}: required must be a list`);
    const props = (node.properties ?? {}) as Record<string, unknown>;
    for (const name of names) {
      if (!Object.hasOwn(props, name as string))
        problems.push(`${at}: required field "${String(name)}" is not in properties`);
    }
  }
}

/**
 * Problems of a form schema; empty when the validator can interpret it. Problems that have a Chinese wording of
 * their own are also put in `translations` (English line → Chinese line).
 */
export function checkFormSchema(schema: JsonSchema, translations?: Map<string, string>): string[] {
  const problems: string[] = [];
  checkNode(schema, 'form.schema', problems, translations);
  return problems;
}
