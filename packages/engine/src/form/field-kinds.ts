/** The field palette of a form and how a field's kind is read from its JSON Schema. */
import type { JsonSchema } from '../types.ts';

/** Kinds of form field a designer offers; `x-kind` names one explicitly, older fields have theirs inferred. */
export const FIELD_KINDS = [
  'text',
  'textarea',
  'number',
  'money',
  'boolean',
  'date',
  'dateRange',
  'time',
  'dateTime',
  'select',
  'multiSelect',
  'person',
  'department',
  'attachment',
  'computed',
  'description',
] as const;

export type FieldKind = (typeof FIELD_KINDS)[number];

/** How a computed field derives its value; `days` counts the days of a date range (inclusive). */
export interface ComputedRule {
  fn: 'days';
  /** Field paths of the first and last date, e.g. `startDate`/`endDate` or `period.start`/`period.end`. */
  from: string;
  to: string;
  excludeWeekends?: boolean;
  /** `equal` (default): the value must be the computed one; `atMost`: it may be less (half days, partial use). */
  compare?: 'equal' | 'atMost';
}

/** The kind of a field: its `x-kind`, else inferred from type, format and UI hints as the renderers do. */
export function fieldKindOf(schema: JsonSchema, ui: Record<string, unknown> = {}): FieldKind {
  const explicit = schema['x-kind'];
  if (typeof explicit === 'string' && (FIELD_KINDS as readonly string[]).includes(explicit))
    return explicit as FieldKind;
  if (schema['x-computed']) return 'computed';
  const items = schema.items as JsonSchema | undefined;
  if (schema.type === 'array' && items?.enum) return 'multiSelect';
  if (schema.enum) return 'select';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'date-time') return 'dateTime';
  if (schema.format === 'time') return 'time';
  const options = ui['ui:options'] as { userPicker?: boolean } | undefined;
  if (options?.userPicker) return 'person';
  return ui['ui:widget'] === 'textarea' ? 'textarea' : 'text';
}
