/** What a new version of a definition does to the form data of processes still running on an older one. */
import type { ProcessDefinition } from './types.ts';

/**
 * Form fields of `older` that `newer` no longer has, with their labels: the publish check warns about them
 * while processes of the older version run (their data, conditions and assignee rules still use them).
 */
export function removedFields(
  older: ProcessDefinition,
  newer: ProcessDefinition,
): Array<{ field: string; label: { zh: string; en: string } }> {
  const kept = new Set(Object.keys(newer.form.schema.properties));
  return Object.keys(older.form.schema.properties)
    .filter((field) => !kept.has(field))
    .map((field) => ({ field, label: older.form.fieldLabels[field] ?? { zh: field, en: field } }));
}
