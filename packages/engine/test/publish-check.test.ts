import { describe, expect, it } from 'vitest';

import { builtinDefinitionTemplates, validateDefinition } from '../src/index.ts';

// Typed as loosely as JSON is: the tests break corners of it on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function valid(): Record<string, any> {
  const s = (id: string, approve: unknown) => ({
    id,
    name: { zh: id, en: id },
    assignee: { type: 'role', role: 'office' },
    mode: 'any',
    actions: [
      { id: 'approve', name: { zh: '同意', en: 'Approve' }, to: approve },
      { id: 'reject', name: { zh: '驳回', en: 'Reject' }, to: 'reject' },
    ],
  });
  return {
    code: 'lab',
    version: 1,
    name: { zh: '实验室开放申请', en: 'Lab opening' },
    form: {
      schema: { type: 'object', properties: { days: { type: 'number' }, host: { type: 'string' } } },
      fieldLabels: { days: { zh: '天数', en: 'Days' }, host: { zh: '负责人', en: 'Host' } },
    },
    steps: [s('first', 'second'), s('second', 'end')],
  };
}

const issuesOf = (json: unknown) => validateDefinition(json).issues;

describe('the publish check', () => {
  it('passes a good definition and every built-in flow', () => {
    expect(validateDefinition(valid())).toMatchObject({ issues: [], definition: { code: 'lab' } });
    for (const json of builtinDefinitionTemplates) expect(issuesOf(json)).toEqual([]);
  });

  it('points at an action to an unknown step', () => {
    const json = valid();
    json.steps[0].actions[0].to = 'ghost';
    expect(issuesOf(json)).toEqual([
      {
        path: 'steps.0.actions.0.to',
        stepId: 'first',
        message: { zh: '目标“ghost”不是流程中的步骤', en: 'target "ghost" is not a step' },
      },
    ]);
  });

  it('points at a branch without a default and a condition on a missing field', () => {
    const json = valid();
    json.steps[0].actions[0].to = { branches: [{ when: { field: 'total', op: 'gt', value: 3 }, to: 'second' }] };
    expect(issuesOf(json)).toEqual([
      {
        path: 'steps.0.actions.0.to.branches.0.when',
        stepId: 'first',
        field: 'total',
        message: { zh: '条件使用的字段“total”不在表单中', en: 'condition: field "total" is not in the form' },
      },
      {
        path: 'steps.0.actions.0.to.otherwise',
        stepId: 'first',
        message: { zh: '条件分支缺少默认去向（otherwise）', en: 'the branch has no default (otherwise)' },
      },
    ]);
  });

  it('points at an assignee rule naming a missing field', () => {
    const json = valid();
    json.steps[1].assignee = { type: 'field', field: 'approver' };
    json.steps[1].whenNobody = { action: 'assign', assignee: { type: 'field', field: 'deputy' } };
    expect(issuesOf(json).map((i) => [i.path, i.field, i.message.zh])).toEqual([
      ['steps.1.assignee.field', 'approver', '处理人规则使用的字段“approver”不在表单中'],
      ['steps.1.whenNobody.assignee.field', 'deputy', '处理人规则使用的字段“deputy”不在表单中'],
    ]);
  });

  it('points at an unreachable step', () => {
    const json = valid();
    json.steps[0].actions[0].to = 'end';
    expect(issuesOf(json)).toEqual([
      {
        path: 'steps.1',
        stepId: 'second',
        message: { zh: '步骤“second”无法到达', en: 'step "second" cannot be reached from the first step' },
      },
    ]);
  });

  it('points at a cycle that can never end', () => {
    const json = valid();
    json.steps[1].actions = [{ id: 'approve', name: { zh: '同意', en: 'Approve' }, to: 'first' }];
    json.steps[0].actions = [{ id: 'approve', name: { zh: '同意', en: 'Approve' }, to: 'second' }];
    expect(issuesOf(json).map((i) => [i.stepId, i.message.en])).toEqual([
      ['first', 'step "first" is in a cycle that can never end'],
      ['second', 'step "second" is in a cycle that can never end'],
    ]);
  });

  it('allows a loop that can be left (send back, reject)', () => {
    const json = valid();
    json.steps[1].actions.push({ id: 'again', name: { zh: '重审', en: 'Again' }, to: 'first' });
    expect(issuesOf(json)).toEqual([]);
  });

  it('refuses a flow that can only be rejected', () => {
    const json = valid();
    json.steps[1].actions[0].to = 'reject';
    expect(issuesOf(json).map((i) => i.message.en)).toEqual(['no path completes the process (none leads to "end")']);
  });

  it('checks field permissions, cc steps, computed fields and the form schema', () => {
    const json = valid();
    json.steps[0].fields = { days: 'editable', budget: 'hidden' };
    json.steps.splice(1, 0, {
      id: 'notify',
      name: { zh: '抄送', en: 'Copy' },
      kind: 'cc',
      assignee: { type: 'role', role: 'office' },
      mode: 'any',
      actions: [
        { id: 'next', name: { zh: '继续', en: 'Next' }, to: 'second' },
        { id: 'other', name: { zh: '又', en: 'Or' }, to: 'end' },
      ],
    });
    json.steps[0].actions[0].to = 'notify';
    json.form.schema.properties.days['x-computed'] = { fn: 'days', from: 'start', to: 'end' };
    json.form.schema.properties.host.minimun = 1;
    expect(issuesOf(json).map((i) => i.path)).toEqual([
      'steps.0.fields.budget',
      'steps.1.actions',
      'form.schema.properties.days.x-computed.from',
      'form.schema.properties.days.x-computed.to',
      'form.schema.properties.host',
    ]);
  });

  it('refuses reserved step ids and __proto__ as a field name', () => {
    const json = valid();
    json.steps[1].id = 'resubmit';
    json.steps[0].actions[0].to = 'resubmit';
    expect(issuesOf(json).map((i) => i.message.en)).toContain('step id "resubmit" is reserved');
    json.form.schema.properties = JSON.parse('{"__proto__":{"type":"string"},"days":{"type":"number"}}');
    expect(issuesOf(json)).toEqual([
      {
        path: 'form.schema.properties.__proto__',
        message: { zh: '不允许的名称：__proto__', en: '"__proto__" cannot be a field name' },
      },
    ]);
  });

  it('reports a malformed shape with its path, in both languages', () => {
    const json = valid();
    json.steps[0].mode = 'some';
    const [issue] = issuesOf(json);
    expect(issue.path).toBe('steps.0.mode');
    expect(issue.message.zh).toContain('steps.0.mode');
  });
});

describe('bounds on what a definition may hold', () => {
  it('refuses a definition nested 10,000 levels (a file or a stored row) with one issue instead of overflowing the stack', () => {
    let deep: unknown = {};
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(issuesOf({ ...valid(), description: deep })).toEqual([
      {
        path: '',
        message: { zh: '定义嵌套过深（最多 63 层）', en: 'the definition is nested more than 63 levels deep' },
      },
    ]);
  });

  it('refuses patterns the linear-time matcher cannot run, naming the field, and accepts ECMAScript \\u escapes', () => {
    const def = valid();
    def.form.schema.properties.host = { type: 'string', pattern: '^(?<=x)\\w+$' };
    expect(issuesOf(def)).toEqual([expect.objectContaining({ path: 'form.schema.properties.host', field: 'host' })]);
    def.form.schema.properties.host = { type: 'string', pattern: '^[\\u4e00-\\u9fa5]{2,10}$' };
    expect(issuesOf(def)).toEqual([]);
  });
});
