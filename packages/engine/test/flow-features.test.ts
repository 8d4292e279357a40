import { describe, expect, it } from 'vitest';

import {
  builtinDefinitions,
  fieldPermissionsAt,
  processDiagram,
  removedFields,
  simulatePath,
  start,
  transfer,
} from '../src/index.ts';
import { actOn, begin, directory, effectsOf, fakeDirectory, flow, step } from './fixtures.ts';

const office = { type: 'role', role: 'office' } as const;
const nobody = { type: 'role', role: 'nobody' } as const;

describe('cc steps', () => {
  it('copy their assignees and move straight on', () => {
    const def = flow([
      step('first', office, { approve: 'copy' }),
      {
        ...step(
          'copy',
          { type: 'role', role: 'library' },
          { next: { branches: [{ when: { field: 'amount', op: 'gt', value: 3 }, to: 'head' }], otherwise: 'end' } },
        ),
        kind: 'cc',
      },
      step('head', { type: 'departmentHead' }, { approve: 'end', back: 'back' }),
    ]);
    const small = actOn(def, begin(def, { amount: 1 }).state, 'approve');
    expect(effectsOf(small.effects, 'process.copied')).toEqual([{ type: 'process.copied', userIds: ['u-lib'] }]);
    expect(small.state.status).toBe('completed');
    const large = actOn(def, begin(def, { amount: 5 }).state, 'approve');
    expect(large.state.currentStepId).toBe('head');
    expect(large.state.path).toEqual(['first', 'head']);
    expect(large.state.passed).toEqual(['copy']);
    // 'back' skips the cc step: nobody acts there.
    expect(actOn(def, large.state, 'back').state.currentStepId).toBe('first');
  });
});

describe('when nobody is found', () => {
  it('refuses by default, skips, or asks the fallback', () => {
    const refuse = flow([step('a', nobody, { approve: 'end' })]);
    expect(() => begin(refuse)).toThrow(expect.objectContaining({ code: 'NO_ASSIGNEE' }));
    const skip = flow([
      { ...step('a', nobody, { approve: 'b' }), whenNobody: { action: 'skip' } },
      step('b', office, { approve: 'end' }),
    ]);
    const skipped = begin(skip).state;
    expect([skipped.currentStepId, skipped.passed]).toEqual(['b', ['a']]);
    const assign = flow([
      {
        ...step('a', nobody, { approve: 'end' }),
        whenNobody: { action: 'assign', assignee: { type: 'role', role: 'admin' } },
      },
    ]);
    expect(begin(assign).state.openTasks.map((t) => t.assigneeId)).toEqual(['u-admin']);
  });

  it('never loops for ever over skipped steps', () => {
    const loop = flow([
      { ...step('a', nobody, { approve: 'b', finish: 'end' }), whenNobody: { action: 'skip' } },
      { ...step('b', nobody, { approve: 'a', finish: 'end' }), whenNobody: { action: 'skip' } },
    ]);
    expect(() =>
      start(loop, { processId: 'p1', starterId: 'u-stu', data: {}, now: 1, directory: fakeDirectory() }),
    ).toThrow(expect.objectContaining({ code: 'NO_ASSIGNEE' }));
  });
});

describe('the diagram of a process', () => {
  const reimburse = builtinDefinitions.find((d) => d.code === 'reimburse')!;
  const data = { amount: 8000, category: 'office', invoiceCount: 2, description: '打印机' };

  it('shows done, current and upcoming nodes with who, and the path this form will take', () => {
    const s = actOn(reimburse, begin(reimburse, data).state, 'approve', 'u-head').state;
    const nodes = processDiagram(reimburse, s, { handled: [{ stepId: 'head', userId: 'u-head' }], directory });
    expect(nodes.map((n) => [n.id, n.status, n.userIds])).toEqual([
      ['start', 'done', ['u-stu']],
      ['head', 'done', ['u-head']],
      ['finance', 'current', ['u-fin1', 'u-fin2']],
      ['finance-head', 'upcoming', ['u-finhead']],
      ['end', 'upcoming', []],
    ]);
  });

  it('marks steps this form does not take as skipped, and a finished process as ended', () => {
    const s = begin(reimburse, { ...data, amount: 100 }).state;
    expect(processDiagram(reimburse, s).find((n) => n.id === 'finance-head')!.status).toBe('skipped');
    const rejected = actOn(reimburse, s, 'reject', 'u-head', '票据不全').state;
    expect(processDiagram(reimburse, rejected).at(-1)).toMatchObject({
      id: 'end',
      status: 'done',
      name: { en: 'Rejected' },
    });
  });

  it('shows the starter as current while a returned process waits for them', () => {
    const s = transfer(reimburse, begin(reimburse, data).state, {
      taskId: 'p1.1',
      actorId: 'u-head',
      onBehalfOfId: null,
      toUserId: 'u-off',
      reason: '出差',
      now: 200,
    }).state;
    expect(processDiagram(reimburse, s).find((n) => n.id === 'head')!.userIds).toEqual(['u-off']);
  });
});

describe('simulation, field permissions, removed fields', () => {
  const reimburse = builtinDefinitions.find((d) => d.code === 'reimburse')!;

  it('simulates the path a sample form takes', () => {
    expect(simulatePath(reimburse, { amount: 9000 })).toEqual({
      steps: ['head', 'finance', 'finance-head'],
      ending: 'end',
    });
    expect(simulatePath(reimburse, { amount: 10 })).toEqual({ steps: ['head', 'finance'], ending: 'end' });
  });

  it('gives every field a permission at a step, read-only unless the step says otherwise', () => {
    const def = flow([{ ...step('a', office, { approve: 'end' }), fields: { amount: 'editable', host: 'hidden' } }]);
    expect(fieldPermissionsAt(def, 'a')).toEqual({ amount: 'editable', host: 'hidden', kind: 'readonly' });
  });

  it('lists the fields a new version removes', () => {
    const older = flow([step('a', office, { approve: 'end' })]);
    const newer = structuredClone(older);
    delete newer.form.schema.properties.host;
    expect(removedFields(older, newer)).toEqual([{ field: 'host', label: { zh: '被访人', en: 'Host' } }]);
    expect(removedFields(newer, older)).toEqual([]);
  });
});
