import { describe, expect, it } from 'vitest';

import { EngineError, loadDefinition } from '../src/index.ts';

// The tests break arbitrary corners of the JSON on purpose, so it is typed as loosely as JSON is.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function valid(): Record<string, any> {
  return {
    code: 'demo',
    version: 1,
    name: { zh: '示例', en: 'Demo' },
    form: {
      schema: {
        type: 'object',
        required: ['amount'],
        properties: { amount: { type: 'number' }, host: { type: 'string' } },
      },
      uiSchema: { amount: { 'ui:widget': 'updown' } },
      fieldLabels: { amount: { zh: '金额', en: 'Amount' }, host: { zh: '被访人', en: 'Host' } },
    },
    steps: [
      {
        id: 'first',
        name: { zh: '第一步', en: 'First' },
        assignee: { type: 'role', role: 'office' },
        mode: 'any',
        actions: [
          { id: 'approve', name: { zh: '同意', en: 'Approve' }, to: 'second' },
          { id: 'reject', name: { zh: '驳回', en: 'Reject' }, to: 'reject' },
        ],
      },
      {
        id: 'second',
        name: { zh: '第二步', en: 'Second' },
        assignee: { type: 'field', field: 'host' },
        mode: 'all',
        actions: [{ id: 'approve', name: { zh: '同意', en: 'Approve' }, to: 'end' }],
      },
    ],
  };
}

function problemsOf(json: unknown): string[] {
  try {
    loadDefinition(json);
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('INVALID_DEFINITION');
    return (error as EngineError).details as string[];
  }
  throw new Error('expected the definition to be refused');
}

describe('loadDefinition', () => {
  it('accepts a valid definition and returns a copy, not the input', () => {
    const json = valid();
    const def = loadDefinition(json);
    expect(def.steps.map((s) => s.id)).toEqual(['first', 'second']);
    expect(def).not.toBe(json);
  });

  it('accepts a definition that has been through JSON', () => {
    expect(loadDefinition(JSON.parse(JSON.stringify(valid()))).code).toBe('demo');
  });

  it('refuses a `to` that names no step', () => {
    const json = valid();
    json.steps[0].actions[0].to = 'nowhere';
    expect(problemsOf(json)).toEqual([expect.stringContaining('target "nowhere" is not a step')]);
  });

  it('refuses a dangling target hidden in a branch', () => {
    const json = valid();
    json.steps[0].actions[0].to = {
      branches: [{ when: { field: 'amount', op: 'gt', value: 1 }, to: 'ghost' }],
      otherwise: 'end',
    };
    expect(problemsOf(json).join()).toContain('target "ghost" is not a step');
  });

  it('refuses duplicate step ids', () => {
    const json = valid();
    json.steps[1].id = 'first';
    expect(problemsOf(json).join()).toContain('step id "first" is used twice');
  });

  it('refuses a step named like a terminal target', () => {
    const json = valid();
    json.steps[1].id = 'end';
    json.steps[0].actions[0].to = 'end';
    expect(problemsOf(json).join()).toContain('step id "end" is reserved');
  });

  it('refuses duplicate action ids within a step', () => {
    const json = valid();
    json.steps[0].actions[1].id = 'approve';
    expect(problemsOf(json).join()).toContain('action id used twice');
  });

  it('refuses a definition without steps', () => {
    const json = valid();
    json.steps = [];
    expect(problemsOf(json).join()).toContain('at least one step');
  });

  it('refuses missing translations and unknown assignee rules', () => {
    const json = valid();
    json.name = { zh: '示例' };
    json.steps[0].assignee = { type: 'everyone' };
    const problems = problemsOf(json);
    expect(problems.some((p) => p.startsWith('name.en'))).toBe(true);
    expect(problems.some((p) => p.startsWith('steps.0.assignee'))).toBe(true);
  });

  it('refuses conditions, field rules and cross-field rules on fields the form lacks', () => {
    const json = valid();
    json.steps[0].actions[0].to = {
      branches: [{ when: { field: 'total', op: 'gt', value: 1 }, to: 'second' }],
      otherwise: 'end',
    };
    json.steps[1].assignee = { type: 'field', field: 'approver' };
    json.form.rules = [{ type: 'dateOrder', from: 'from', to: 'amount', message: { zh: '错', en: 'Wrong' } }];
    const problems = problemsOf(json).join('\n');
    expect(problems).toContain('field "total"');
    expect(problems).toContain('field "approver"');
    expect(problems).toContain('field "from"');
  });

  it('refuses a form schema ajv cannot compile', () => {
    const json = valid();
    json.form.schema.properties.amount = { type: 'number', minimun: 1 };
    expect(problemsOf(json).join()).toContain('form.schema');
  });

  it('refuses ui:enumNames that do not match the enum', () => {
    const json = valid();
    json.form.schema.properties.host = { type: 'string', enum: ['a', 'b'] };
    json.form.uiSchema.host = { 'ui:enumNames': [{ zh: '甲', en: 'A' }] };
    expect(problemsOf(json).join()).toContain('ui:enumNames');
  });

  it('refuses non-kebab ids and a non-positive version', () => {
    const json = valid();
    json.code = 'Demo Flow';
    json.version = 0;
    const problems = problemsOf(json);
    expect(problems.some((p) => p.startsWith('code'))).toBe(true);
    expect(problems.some((p) => p.startsWith('version'))).toBe(true);
  });

  it('accepts two versions of one definition that share a schema $id', () => {
    const v1 = valid();
    v1.form.schema.$id = 'https://example.edu/forms/demo';
    const v2 = structuredClone(v1);
    v2.version = 2;
    v2.form.schema.properties.note = { type: 'string' };
    expect(loadDefinition(v1).version).toBe(1);
    expect(loadDefinition(v2).version).toBe(2);
  });

  it('refuses input that is not an object at all', () => {
    expect(problemsOf(null).length).toBeGreaterThan(0);
    expect(problemsOf('leave').length).toBeGreaterThan(0);
  });
});
