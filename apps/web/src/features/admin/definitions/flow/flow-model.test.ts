// @vitest-environment node
import { describe, expect, it } from 'vitest';

import {
  builtinDefinitionTemplates,
  simulatePath,
  validateDefinition,
  type ProcessDefinition,
} from '@service-hall/engine';

import { deleteNode, insertNode, setFieldPermission, setForwardRoute, updateNode } from './flow-edit.ts';
import { toDefinition, toFlowModel } from './flow-model.ts';

const templates = builtinDefinitionTemplates as unknown as ProcessDefinition[];
const texts = {
  approver: { zh: '审批人', en: 'Approver' },
  cc: { zh: '抄送', en: 'Cc' },
  approve: { zh: '同意', en: 'Approve' },
  reject: { zh: '驳回', en: 'Reject' },
  next: { zh: '继续', en: 'Next' },
};

/** Sample form data that takes the branches both ways: every number field small, then large. */
function samples(def: ProcessDefinition): Array<Record<string, unknown>> {
  const numbers = Object.entries(def.form.schema.properties).filter(
    ([, s]) => s.type === 'number' || s.type === 'integer',
  );
  return [0, 1, 5, 10000].map((n) => Object.fromEntries(numbers.map(([k]) => [k, n])));
}

describe('the flow designer model', () => {
  it.each(templates.map((t) => [t.code, t] as const))(
    'round-trips the built-in %s without changing its meaning',
    (_code, template) => {
      const back = toDefinition(toFlowModel(structuredClone(template)));
      expect(back).toEqual(template);
      expect(validateDefinition(back).issues).toEqual([]);
      for (const data of samples(template)) expect(simulatePath(back, data)).toEqual(simulatePath(template, data));
    },
  );

  it('inserts an approver between two nodes and deletes it again, rewiring the flow', () => {
    const leave = structuredClone(templates.find((t) => t.code === 'leave')!);
    const inserted = insertNode(toFlowModel(leave), 0, 'approval', texts);
    const def = toDefinition(inserted);
    expect(def.steps[1]!.id).toBe('approver1');
    expect(def.steps[0]!.actions[0]!.to).toBe('approver1');
    expect(validateDefinition(def).issues).toEqual([]);
    expect(simulatePath(def, { days: 1 }).steps.slice(0, 2)).toEqual([leave.steps[0]!.id, 'approver1']);
    expect(toDefinition(deleteNode(inserted, 'approver1'))).toEqual(leave);
  });

  it('a new branch node takes the condition and a default; changing its value changes the simulated path', () => {
    const blank: ProcessDefinition = {
      code: 'lab',
      version: 1,
      name: { zh: '实验室', en: 'Lab' },
      form: {
        schema: { type: 'object', properties: { days: { type: 'number' } } },
        fieldLabels: { days: { zh: '天数', en: 'Days' } },
      },
      steps: [],
    };
    let model = insertNode(toFlowModel(blank), -1, 'approval', texts);
    model = insertNode(model, 0, 'approval', texts);
    model = insertNode(model, 0, 'branch', texts);
    // approver1 → approver3 (branch) → approver2 → end; branch: days > 3 → approver2, otherwise end.
    model = updateNode(model, 'approver3', (n) =>
      setForwardRoute(n, {
        kind: 'branches',
        branches: [{ when: { field: 'days', op: 'gt', value: 3 }, to: { kind: 'step', stepId: 'approver2' } }],
        otherwise: { kind: 'ending', ending: 'end' },
      }),
    );
    model = updateNode(model, 'approver2', (n) => setFieldPermission(n, 'days', 'hidden'));
    const def = toDefinition(model);
    expect(validateDefinition(def).issues).toEqual([]);
    expect(simulatePath(def, { days: 5 }).steps).toEqual(['approver1', 'approver3', 'approver2']);
    expect(simulatePath(def, { days: 2 }).steps).toEqual(['approver1', 'approver3']);
    expect(def.steps[2]!.fields).toEqual({ days: 'hidden' });
    expect(setFieldPermission(def.steps[2]! as never, 'days', 'readonly')).not.toHaveProperty('fields');
  });
});
