import { describe, expect, it } from 'vitest';

import { actOn, assigneesOf, begin, effectsOf, flow, step } from './fixtures.ts';

const finance = { type: 'role', role: 'finance' } as const;
const office = { type: 'role', role: 'office' } as const;

describe("mode 'any'", () => {
  const def = flow([
    step('review', finance, { approve: 'next', reject: 'reject' }),
    step('next', office, { approve: 'end' }),
  ]);

  it('the first decision moves on and cancels the peers', () => {
    const started = begin(def);
    const { state, effects } = actOn(def, started.state, 'approve', 'u-fin2');
    expect(effectsOf(effects, 'task.completed')).toEqual([
      {
        type: 'task.completed',
        taskId: 'p1.2',
        actionId: 'approve',
        actionName: { zh: 'approve', en: 'approve' },
        actorId: 'u-fin2',
        onBehalfOfId: null,
        remark: '',
      },
    ]);
    expect(effectsOf(effects, 'task.cancelled')).toEqual([
      { type: 'task.cancelled', taskId: 'p1.1', reason: 'peer-decided' },
    ]);
    expect(state.currentStepId).toBe('next');
    expect(assigneesOf(state)).toEqual(['u-off']);
    expect(state.decided).toEqual([]);
  });
});

describe("mode 'all' (countersign)", () => {
  const def = flow([
    step('sign', finance, { approve: 'next', reject: 'reject', back: 'back' }, 'all'),
    step('next', office, { approve: 'end' }),
  ]);
  const prior = flow([
    step('first', office, { approve: 'sign' }),
    step('sign', finance, { approve: 'end', back: 'back' }, 'all'),
  ]);

  it('waits until every assignee has approved', () => {
    const first = actOn(def, begin(def).state, 'approve', 'u-fin1');
    expect(first.state.currentStepId).toBe('sign');
    expect(assigneesOf(first.state)).toEqual(['u-fin2']);
    expect(first.state.decided).toEqual([
      { taskId: 'p1.1', stepId: 'sign', assigneeId: 'u-fin1', actionId: 'approve' },
    ]);
    expect(first.effects.map((e) => e.type)).toEqual(['task.completed']);

    const last = actOn(def, first.state, 'approve', 'u-fin2');
    expect(last.state.currentStepId).toBe('next');
    expect(effectsOf(last.effects, 'task.cancelled')).toEqual([]);
    expect(assigneesOf(last.state)).toEqual(['u-off']);
  });

  it('one reject decides at once and cancels the rest', () => {
    const { state, effects } = actOn(def, begin(def).state, 'reject', 'u-fin1');
    expect(state.status).toBe('rejected');
    expect(effectsOf(effects, 'task.cancelled')).toEqual([
      { type: 'task.cancelled', taskId: 'p1.2', reason: 'peer-decided' },
    ]);
  });

  it('a reject after another approval still rejects', () => {
    const first = actOn(def, begin(def).state, 'approve', 'u-fin1');
    expect(actOn(def, first.state, 'reject', 'u-fin2').state.status).toBe('rejected');
  });

  it('one back decides at once and returns to the previous step', () => {
    const atSign = actOn(prior, begin(prior).state, 'approve');
    expect(atSign.state.currentStepId).toBe('sign');
    const { state, effects } = actOn(prior, atSign.state, 'back', 'u-fin2');
    expect(state.currentStepId).toBe('first');
    expect(state.path).toEqual(['first']);
    expect(effectsOf(effects, 'task.cancelled').map((e) => e.reason)).toEqual(['peer-decided']);
  });

  it('a countersign with a single assignee moves on at once', () => {
    const single = flow([step('sign', office, { approve: 'end' }, 'all')]);
    expect(actOn(single, begin(single).state, 'approve').state.status).toBe('completed');
  });

  it('re-entering the step starts the countersign afresh', () => {
    const loop = flow([
      step('first', office, { approve: 'sign' }),
      step('sign', finance, { approve: 'end', back: 'back' }, 'all'),
    ]);
    let t = actOn(loop, begin(loop).state, 'approve');
    t = actOn(loop, t.state, 'approve', 'u-fin1');
    t = actOn(loop, t.state, 'back', 'u-fin2');
    t = actOn(loop, t.state, 'approve');
    expect(t.state.decided).toEqual([]);
    expect(assigneesOf(t.state)).toEqual(['u-fin1', 'u-fin2']);
    t = actOn(loop, t.state, 'approve', 'u-fin1');
    expect(t.state.currentStepId).toBe('sign');
    expect(actOn(loop, t.state, 'approve', 'u-fin2').state.status).toBe('completed');
  });
});
