/** Refuses form data the form does not declare, and prototype-poisoning keys at any depth (issue 19 item 7). */
import type { FormError, FormSchema, JsonSchema } from './types.ts';

const POISON = new Set(['__proto__', 'constructor', 'prototype']);
/** Deeper than any form nests; a deeper value is refused rather than walked. */
const MAX_DEPTH = 32;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Errors for `__proto__` / `constructor` / `prototype` keys anywhere in the data, and for properties an object
 * schema does not declare (where it does not allow additional ones itself). `__proto__` in stored form data crashed
 * the detail page of everyone who opened it; undeclared fields let anyone store 64 KB of anything.
 */
export function undeclaredFields(schema: FormSchema, data: unknown): FormError[] {
  const errors: FormError[] = [];
  const walk = (value: unknown, s: JsonSchema | undefined, path: string[], depth: number) => {
    if (depth > MAX_DEPTH) {
      errors.push({ field: path.join('.'), message: { zh: '数据嵌套过深', en: 'The data is nested too deeply' } });
      return;
    }
    if (Array.isArray(value)) {
      const items = s && isRecord(s.items) ? (s.items as JsonSchema) : undefined;
      value.forEach((v, i) => walk(v, items, [...path, String(i)], depth + 1));
      return;
    }
    if (!isRecord(value)) return;
    const declared = s && isRecord(s.properties) ? (s.properties as Record<string, JsonSchema>) : undefined;
    // Only objects whose schema lists its properties (and says nothing of others) are closed.
    const closed = declared !== undefined && s!.additionalProperties === undefined;
    for (const key of Object.keys(value)) {
      const field = [...path, key].join('.');
      if (POISON.has(key)) {
        errors.push({ field, message: { zh: `不允许的字段名：${key}`, en: `Field name not allowed: ${key}` } });
      } else if (closed && !Object.prototype.hasOwnProperty.call(declared, key)) {
        errors.push({ field, message: { zh: `表单没有此字段：${key}`, en: `The form has no field ${key}` } });
      } else {
        walk(value[key], declared?.[key], [...path, key], depth + 1);
      }
    }
  };
  walk(data, schema, [], 0);
  return errors;
}
