/**
 * What is wrong with a designed form, each problem pointing at its field: the engine's own form-schema check
 * (what publish runs) plus what only a designer can get wrong (a missing label, a select without options, a
 * computed field without its dates). Codes are worded by the designer's locale files.
 */
import { checkFormSchema, FORBIDDEN_KEYS } from '@service-hall/engine/form';

import { datePaths, fieldKeys, type DesignerForm } from './designer-model.ts';
import { readSettings } from './field-settings.ts';

export type ProblemCode =
  | 'noFields'
  | 'badKey'
  | 'labelMissing'
  | 'noOptions'
  | 'optionIncomplete'
  | 'duplicateOption'
  | 'computedSource'
  | 'minAboveMax'
  | 'orderSource'
  | 'descriptionEmpty'
  | 'schema';

export interface FormProblem {
  /** The field's key; absent for the form as a whole. */
  field?: string;
  code: ProblemCode;
  /** For `schema`: the engine's own line (English, as the publish check reports it). */
  detail?: string;
}

export const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

function fieldProblems(form: DesignerForm, key: string, dates: string[]): FormProblem[] {
  const out: FormProblem[] = [];
  const s = readSettings(form, key);
  const add = (code: ProblemCode) => out.push({ field: key, code });
  if (!KEY_PATTERN.test(key) || FORBIDDEN_KEYS.has(key)) add('badKey');
  if (!s.label.zh.trim() || !s.label.en.trim()) add('labelMissing');
  if (s.kind === 'select' || s.kind === 'multiSelect') {
    const opts = s.options ?? [];
    if (opts.length === 0) add('noOptions');
    if (opts.some((o) => !o.value.trim() || !o.zh.trim() || !o.en.trim())) add('optionIncomplete');
    if (new Set(opts.map((o) => o.value)).size !== opts.length) add('duplicateOption');
  }
  if (s.kind === 'computed' && (!dates.includes(s.computedFrom ?? '') || !dates.includes(s.computedTo ?? '')))
    add('computedSource');
  const above = (a?: number, b?: number) => a !== undefined && b !== undefined && a > b;
  if (above(s.minimum, s.maximum) || above(s.minLength, s.maxLength) || above(s.minItems, s.maxItems))
    add('minAboveMax');
  if (s.notBefore && !dates.includes(s.notBefore)) add('orderSource');
  if (s.kind === 'description' && (!s.text?.zh.trim() || !s.text?.en.trim())) add('descriptionEmpty');
  return out;
}

/** Every problem of the form; empty when it can be published as far as the form goes. */
export function formProblems(form: DesignerForm): FormProblem[] {
  const keys = fieldKeys(form);
  if (keys.length === 0) return [{ code: 'noFields' }];
  const dates = datePaths(form);
  const out = keys.flatMap((k) => fieldProblems(form, k, dates));
  // The engine's check often says again what is said above in the designer's words (an empty enum is "no options");
  // its lines are kept for fields with nothing else wrong, where they are news.
  const told = new Set(out.map((p) => p.field));
  for (const line of checkFormSchema(form.schema)) {
    const field = /^form\.schema\.properties\.([^.:]+)/.exec(line)?.[1];
    if (!field || !told.has(field)) out.push({ field, code: 'schema', detail: line });
  }
  return out;
}
