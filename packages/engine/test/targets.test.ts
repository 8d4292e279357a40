import { describe, expect, it } from 'vitest';

import { actOn, assigneesOf, begin, effectsOf, flow, step } from './fixtures.ts';

const office = { type: 'role', role: 'office' } as const;
const hr = { type: 'role', role: 'hr' } as const;
const head = { type: 'departmentHead' } as const;

describe('targets', () => {
  const def = flow([
    step('first', office, { approve: 'second', reject: 'reject', back: 'back' }),
    step('second', hr, { approve: 'third', back: 'back', skip: 'end' }),
    step('third', head, { approve: 'end', back: 'back', restart: 'first' }),
  ]);

  it('a step id enters that step', () => {
    const { state } = actOn(def, begin(def).state, 'approve');
    expect(state.currentStepId).toBe('second');
    expect(state.path).toEqual(['first', 'second']);
    expect(assigneesOf(state)).toEqual(['u-hr']);
  });

  it("'end' completes the process and tells the starter", () => {
    const second = actOn(def, begin(def).state, 'approve');
    const { state, effects } = actOn(def, second.state, 'skip');
    expect(state).toMatchObject({ status: 'completed', currentStepId: null, openTasks: [] });
    expect(effects.slice(1)).toEqual([
      { type: 'process.finished', status: 'completed' },
      { type: 'notify', userId: 'u-stu', kind: 'process.finished' },
    ]);
  });

  it("'reject' finishes the process as rejected", () => {
    const { state, effects } = actOn(def, begin(def).state, 'reject');
    expect(state.status).toBe('rejected');
    expect(effectsOf(effects, 'process.finished')).toEqual([{ type: 'process.finished', status: 'rejected' }]);
  });

  it("'back' returns to the previous step with fresh tasks", () => {
    const second = actOn(def, begin(def).state, 'approve');
    const { state, effects } = actOn(def, second.state, 'back');
    expect(state.currentStepId).toBe('first');
    expect(state.path).toEqual(['first']);
    expect(effectsOf(effects, 'task.created')).toEqual([
      expect.objectContaining({ taskId: 'p1.3', stepId: 'first', assigneeId: 'u-off' }),
    ]);
  });

  it("'back' walks the path one step at a time", () => {
    let t = actOn(def, begin(def).state, 'approve');
    t = actOn(def, t.state, 'approve');
    expect(t.state.path).toEqual(['first', 'second', 'third']);
    t = actOn(def, t.state, 'back');
    expect(t.state.currentStepId).toBe('second');
    t = actOn(def, t.state, 'back');
    expect(t.state.currentStepId).toBe('first');
  });

  it("'back' from the first step rejects", () => {
    const { state } = actOn(def, begin(def).state, 'back');
    expect(state.status).toBe('rejected');
  });

  it('a step can lead back to an earlier step, and the path records the loop', () => {
    let t = actOn(def, begin(def).state, 'approve');
    t = actOn(def, t.state, 'approve');
    t = actOn(def, t.state, 'restart');
    expect(t.state.path).toEqual(['first', 'second', 'third', 'first']);
    t = actOn(def, t.state, 'back');
    expect(t.state.currentStepId).toBe('third');
  });

  it('task ids keep counting across steps', () => {
    let t = actOn(def, begin(def).state, 'approve');
    t = actOn(def, t.state, 'approve');
    expect(t.state.openTasks.map((x) => x.taskId)).toEqual(['p1.3']);
    expect(t.state.taskSeq).toBe(3);
  });
});

describe('branches', () => {
  const def = flow([
    step('finance', office, {
      approve: {
        branches: [{ when: { field: 'amount', op: 'gt', value: 5000 }, to: 'finance-head' }],
        otherwise: 'end',
      },
      nested: {
        branches: [
          {
            when: { field: 'kind', op: 'eq', value: 'urgent' },
            to: {
              branches: [{ when: { field: 'amount', op: 'gte', value: 100 }, to: 'finance-head' }],
              otherwise: 'end',
            },
          },
        ],
        otherwise: 'reject',
      },
    }),
    step('finance-head', hr, { approve: 'end' }),
  ]);
  const destination = (data: Record<string, unknown>, action = 'approve') => {
    const { state } = actOn(def, begin(def, data).state, action);
    return state.status === 'doing' ? state.currentStepId : state.status;
  };

  it('5000 exactly stays below the threshold', () => {
    expect(destination({ amount: 5000 })).toBe('completed');
  });

  it('5000.01 goes to the finance head', () => {
    expect(destination({ amount: 5000.01 })).toBe('finance-head');
  });

  it('compares numeric strings numerically, not as text', () => {
    expect(destination({ amount: '900' })).toBe('completed');
    expect(destination({ amount: '10000' })).toBe('finance-head');
  });

  it('a missing field takes the otherwise branch', () => {
    expect(destination({})).toBe('completed');
  });

  it('branches nest', () => {
    expect(destination({ kind: 'urgent', amount: 100 }, 'nested')).toBe('finance-head');
    expect(destination({ kind: 'urgent', amount: 99 }, 'nested')).toBe('completed');
    expect(destination({ kind: 'normal', amount: 100 }, 'nested')).toBe('rejected');
  });
});
