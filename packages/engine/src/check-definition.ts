/** Referential checks zod cannot express: ids unique, targets resolvable, fields existing. */
import { compileFormSchema } from './compile-form-schema.ts';
import { TERMINAL_TARGETS } from './resolve-target.ts';
import type { Condition, ProcessDefinition, Target } from './types.ts';

function conditionFields(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(conditionFields);
  if ('any' in condition) return condition.any.flatMap(conditionFields);
  return [condition.field];
}

/** Every step id and condition field a target mentions, however deeply branched. */
function targetReferences(target: Target): { steps: string[]; fields: string[] } {
  if (typeof target === 'string') return { steps: [target], fields: [] };
  const parts = [...target.branches.map((b) => targetReferences(b.to)), targetReferences(target.otherwise)];
  return {
    steps: parts.flatMap((p) => p.steps),
    fields: [...target.branches.flatMap((b) => conditionFields(b.when)), ...parts.flatMap((p) => p.fields)],
  };
}

function checkEnumNames(def: ProcessDefinition, problems: string[]): void {
  for (const [field, hints] of Object.entries(def.form.uiSchema ?? {})) {
    const names = (hints as Record<string, unknown> | null)?.['ui:enumNames'];
    if (names === undefined) continue;
    const property = def.form.schema.properties[field];
    // Multi-select fields keep their options on the items.
    const values = property?.enum ?? (property?.items as { enum?: unknown } | undefined)?.enum;
    const bilingual =
      Array.isArray(names) && names.every((n) => typeof n?.zh === 'string' && typeof n?.en === 'string');
    if (!Array.isArray(values) || !bilingual || names.length !== values.length) {
      problems.push(`uiSchema.${field}: ui:enumNames must be one {zh, en} per enum value`);
    }
  }
}

/** Problems in a structurally valid definition; empty when it is usable. */
export function checkDefinition(def: ProcessDefinition): string[] {
  const problems: string[] = [];
  const fields = new Set(Object.keys(def.form.schema.properties));
  const stepIds = new Set<string>();
  const needField = (field: string, where: string) => {
    if (!fields.has(field)) problems.push(`${where}: field "${field}" is not in the form`);
  };
  const needAssigneeField = (rule: { type: string; field?: string }, where: string) => {
    if (rule.type === 'field') needField(rule.field ?? '', where);
  };

  for (const step of def.steps) {
    if (TERMINAL_TARGETS.has(step.id)) problems.push(`step id "${step.id}" is reserved`);
    if (stepIds.has(step.id)) problems.push(`step id "${step.id}" is used twice`);
    stepIds.add(step.id);
  }
  for (const step of def.steps) {
    needAssigneeField(step.assignee, `step ${step.id} assignee`);
    step.cc?.forEach((cc, i) => needAssigneeField(cc.assignee, `step ${step.id} cc[${i}]`));
    const actionIds = new Set<string>();
    for (const action of step.actions) {
      const where = `step ${step.id} action ${action.id}`;
      if (actionIds.has(action.id)) problems.push(`${where}: action id used twice in the step`);
      actionIds.add(action.id);
      const refs = targetReferences(action.to);
      for (const to of refs.steps) {
        if (!stepIds.has(to) && !TERMINAL_TARGETS.has(to)) problems.push(`${where}: target "${to}" is not a step`);
      }
      refs.fields.forEach((f) => needField(f, `${where} condition`));
    }
  }
  def.cc?.forEach((cc, i) => needAssigneeField(cc.assignee, `cc[${i}]`));
  def.form.rules?.forEach((rule, i) => {
    needField(rule.from, `form.rules[${i}]`);
    needField(rule.to, `form.rules[${i}]`);
  });
  checkEnumNames(def, problems);
  try {
    compileFormSchema(def.form.schema);
  } catch (error) {
    problems.push(`form.schema: ${(error as Error).message}`);
  }
  return problems;
}
