/** What the assignees of a step may do with each form field. */
import type { FieldPermission, ProcessDefinition } from './types.ts';

/** Every form field's permission at a step: as the step sets it, read-only where it says nothing. */
export function fieldPermissionsAt(def: ProcessDefinition, stepId: string): Record<string, FieldPermission> {
  const own = def.steps.find((s) => s.id === stepId)?.fields ?? {};
  return Object.fromEntries(
    Object.keys(def.form.schema.properties).map((field) => [
      field,
      Object.hasOwn(own, field) ? own[field] : 'readonly',
    ]),
  );
}
