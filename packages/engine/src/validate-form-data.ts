/** Form validation: the definition's JSON Schema plus its cross-field rules. */
import { compileFormSchema } from './compile-form-schema.ts';
import { formErrorsFromAjv } from './form-messages.ts';
import { undeclaredFields } from './undeclared-fields.ts';
import type { CrossFieldRule, FormError, ProcessDefinition } from './types.ts';

const CLOCK_TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?/;

/** A comparable number for a date, date-time or clock-time string; null when it is none of them. */
function instant(value: unknown): { kind: 'time' | 'date'; at: number } | null {
  if (typeof value !== 'string' || value === '') return null;
  const clock = CLOCK_TIME.exec(value);
  if (clock && clock[0].length >= 5 && value.length <= 14) {
    return { kind: 'time', at: Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0) };
  }
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : { kind: 'date', at };
}

function checkRule(rule: CrossFieldRule, data: Record<string, unknown>): FormError | null {
  const from = instant(data[rule.from]);
  const to = instant(data[rule.to]);
  // Missing or malformed values are the schema's to report; comparing them would only add noise.
  if (!from || !to || from.kind !== to.kind) return null;
  return to.at < from.at ? { field: rule.to, message: rule.message } : null;
}

/** Validates submitted form data; an empty list means valid. */
export function validateFormData(def: ProcessDefinition, data: unknown): FormError[] {
  // Poisoned or undeclared keys first, and alone: nothing else about such data is worth reporting.
  const foreign = undeclaredFields(def.form.schema, data);
  if (foreign.length > 0) return foreign;
  const validate = compileFormSchema(def.form.schema);
  const errors = validate(data) ? [] : formErrorsFromAjv(validate.errors ?? [], def.form.fieldLabels);
  // Cross-field rules run alongside schema errors so the user sees every problem in one round trip.
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return errors;
  for (const rule of def.form.rules ?? []) {
    const error = checkRule(rule, data as Record<string, unknown>);
    if (error) errors.push(error);
  }
  return errors;
}
