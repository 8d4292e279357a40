/**
 * The one form validator: the form's JSON Schema (interpreted, never compiled to code), its field kinds and
 * its cross-field rules. The server validates with it on submit; both web layouts import the same function.
 */
import { crossFieldErrors } from './form/cross-field.ts';
import { formErrorsOf } from './form/form-messages.ts';
import type { SchemaError } from './form/schema-errors.ts';
import { validateValue } from './form/validate-value.ts';
import type { FormDefinition, FormError, ProcessDefinition } from './types.ts';

/** Validates submitted data against a form; an empty list means valid. Every problem is reported at once. */
export function validateForm(form: FormDefinition, data: unknown): FormError[] {
  const schemaErrors: SchemaError[] = [];
  validateValue(form.schema, data, [], schemaErrors);
  const errors = formErrorsOf(schemaErrors, form.fieldLabels);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return errors;
  // Cross-field rules run alongside schema errors so the user sees every problem in one round trip.
  const { ruled, kinds } = crossFieldErrors(form, data as Record<string, unknown>);
  // A field already wrong on its own gets no second message from a rule about it.
  const wrong = new Set(schemaErrors.map((e) => e.path[0]));
  const fresh = kinds.filter((e) => !wrong.has(e.path[0]));
  return [...errors, ...formErrorsOf(fresh, form.fieldLabels), ...ruled.filter((e) => !wrong.has(e.field))];
}

/** Validates submitted form data for a definition; an empty list means valid. */
export function validateFormData(def: ProcessDefinition, data: unknown): FormError[] {
  return validateForm(def.form, data);
}
