/** The zod shape of a process definition: the structural half of validation (references are checked in load-definition). */
import { z } from 'zod';

import type { AssigneeRule, CcRule, Condition, ProcessDefinition, Target, WhenNobody } from './types.ts';

const i18nText = z.strictObject({ zh: z.string().min(1), en: z.string().min(1) });

// Kebab-case ids keep task ids, URLs and logs readable and unambiguous.
const id = z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be kebab-case (a-z, 0-9, -)');

const assigneeRule: z.ZodType<AssigneeRule> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('starter') }),
  z.strictObject({ type: z.literal('user'), account: z.string().min(1) }),
  z.strictObject({ type: z.literal('role'), role: z.string().min(1) }),
  z.strictObject({ type: z.literal('departmentHead') }),
  z.strictObject({ type: z.literal('field'), field: z.string().min(1) }),
]);

const condition: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({
      field: z.string().min(1),
      op: z.enum(['gt', 'gte', 'lt', 'lte', 'eq', 'neq', 'in']),
      value: z.unknown(),
    }),
    z.strictObject({ all: z.array(condition) }),
    z.strictObject({ any: z.array(condition) }),
  ]),
);

const target: z.ZodType<Target> = z.lazy(() =>
  z.union([
    z.string().min(1),
    z.strictObject({
      branches: z.array(z.strictObject({ when: condition, to: target })).min(1),
      otherwise: target.optional(),
    }),
  ]),
);

const ccRule: z.ZodType<CcRule> = z.strictObject({ on: z.enum(['start', 'finish']), assignee: assigneeRule });

const action = z.strictObject({
  id,
  name: i18nText,
  to: target,
  remarkRequired: z.boolean().optional(),
});

const whenNobody: z.ZodType<WhenNobody> = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('refuse') }),
  z.strictObject({ action: z.literal('skip') }),
  z.strictObject({ action: z.literal('assign'), assignee: assigneeRule }),
]);

const step = z.strictObject({
  id,
  name: i18nText,
  kind: z.enum(['approval', 'cc']).optional(),
  assignee: assigneeRule,
  mode: z.enum(['any', 'all']),
  actions: z.array(action).min(1),
  cc: z.array(ccRule).optional(),
  whenNobody: whenNobody.optional(),
  fields: z.record(z.string(), z.enum(['readonly', 'editable', 'hidden', 'required'])).optional(),
});

const formSchema = z.looseObject({
  type: z.literal('object'),
  properties: z.record(z.string(), z.looseObject({})),
  required: z.array(z.string()).optional(),
});

const crossFieldRule = z.strictObject({
  type: z.literal('dateOrder'),
  from: z.string().min(1),
  to: z.string().min(1),
  message: i18nText,
});

/** Structural schema of a ProcessDefinition. */
export const processDefinitionSchema: z.ZodType<ProcessDefinition> = z.strictObject({
  code: id,
  version: z.number().int().min(1),
  name: i18nText,
  description: i18nText.optional(),
  form: z.strictObject({
    schema: formSchema,
    uiSchema: z.record(z.string(), z.unknown()).optional(),
    fieldLabels: z.record(z.string(), i18nText),
    rules: z.array(crossFieldRule).optional(),
  }),
  steps: z.array(step).min(1, 'a definition needs at least one step'),
  cc: z.array(ccRule).optional(),
});
