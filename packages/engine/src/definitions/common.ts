/** Building blocks shared by the built-in definitions: the usual actions and field shapes. */
import type { ActionDefinition, I18nText, JsonSchema, Target } from '../types.ts';

/** An "approve" action leading to `to`. */
export function approve(to: Target, name: I18nText = { zh: '同意', en: 'Approve' }): ActionDefinition {
  return { id: 'approve', name, to };
}

/** A "reject" action that finishes the process as rejected; it needs a reason. */
export function reject(name: I18nText = { zh: '驳回', en: 'Reject' }): ActionDefinition {
  // A reject ends the applicant's request: the reason is required and recorded as the task's remark.
  return { id: 'reject', name, to: 'reject', remarkRequired: true };
}

/** A "send back" action returning the request to the previous step. */
export function sendBack(): ActionDefinition {
  return { id: 'back', name: { zh: '退回', en: 'Send back' }, to: 'back' };
}

/** A required single-line text field. */
export function text(maxLength: number): JsonSchema {
  return { type: 'string', minLength: 1, maxLength };
}

// Field shapes; date-time and time accept what browser pickers send (seconds and zone optional).
export const date: JsonSchema = { type: 'string', format: 'date' };
export const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
export const clockTime: JsonSchema = { type: 'string', format: 'time' };
export const phone: JsonSchema = { type: 'string', pattern: '^[0-9+() -]{7,20}$' };

/** The ui hint of a multi-line text field. */
export function textarea(rows = 4): Record<string, unknown> {
  return { 'ui:widget': 'textarea', 'ui:options': { rows } };
}

export const dateWidget = { 'ui:widget': 'date' };
export const dateTimeWidget = { 'ui:widget': 'datetime' };
export const timeWidget = { 'ui:widget': 'time' };

/** Options of an enum field in order: the values go in the schema, the labels in ui:enumNames. */
export function options(entries: Array<[value: string, zh: string, en: string]>) {
  return {
    schema: { type: 'string', enum: entries.map(([value]) => value) } as JsonSchema,
    labels: entries.map(([, zh, en]) => ({ zh, en })),
  };
}
