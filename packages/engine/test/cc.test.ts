import { describe, expect, it } from 'vitest';

import { actOn, begin, effectsOf, flow, step } from './fixtures.ts';

const office = { type: 'role', role: 'office' } as const;
const hr = { type: 'role', role: 'hr' } as const;

describe('cc rules', () => {
  it("copies on 'start' before the first task, notifying each copied user", () => {
    const def = flow([step('only', office, { approve: 'end' })], {
      cc: [{ on: 'start', assignee: { type: 'role', role: 'finance' } }],
    });
    const { effects } = begin(def);
    expect(effects.slice(0, 3)).toEqual([
      { type: 'process.copied', userIds: ['u-fin1', 'u-fin2'] },
      { type: 'notify', userId: 'u-fin1', kind: 'process.copied' },
      { type: 'notify', userId: 'u-fin2', kind: 'process.copied' },
    ]);
    expect(effects[3].type).toBe('task.created');
  });

  it("copies on 'finish' only when the process completes", () => {
    const def = flow([step('only', office, { approve: 'end', reject: 'reject' })], {
      cc: [{ on: 'finish', assignee: { type: 'departmentHead' } }],
    });
    expect(effectsOf(begin(def).effects, 'process.copied')).toEqual([]);
    const done = actOn(def, begin(def).state, 'approve');
    expect(effectsOf(done.effects, 'process.copied')).toEqual([{ type: 'process.copied', userIds: ['u-head'] }]);
    expect(effectsOf(done.effects, 'notify')).toContainEqual({
      type: 'notify',
      userId: 'u-head',
      kind: 'process.copied',
    });
    const rejected = actOn(def, begin(def).state, 'reject');
    expect(effectsOf(rejected.effects, 'process.copied')).toEqual([]);
  });

  it('never copies the starter, and merges overlapping rules', () => {
    const def = flow([step('only', office, { approve: 'end' })], {
      cc: [
        { on: 'start', assignee: { type: 'starter' } },
        { on: 'start', assignee: { type: 'role', role: 'finance' } },
        { on: 'start', assignee: { type: 'user', account: 'fin2' } },
      ],
    });
    expect(effectsOf(begin(def, {}, 'u-fin1').effects, 'process.copied')).toEqual([
      { type: 'process.copied', userIds: ['u-fin2'] },
    ]);
  });

  it('sends nothing when a cc rule names nobody (copies never block a process)', () => {
    const def = flow([step('only', office, { approve: 'end' })], {
      cc: [
        { on: 'start', assignee: { type: 'role', role: 'dean' } },
        { on: 'start', assignee: { type: 'field', field: 'host' } },
      ],
    });
    const { effects } = begin(def);
    expect(effectsOf(effects, 'process.copied')).toEqual([]);
    expect(effectsOf(effects, 'notify').map((n) => n.kind)).toEqual(['task.assigned']);
  });

  it("step cc: 'start' when the step is entered, 'finish' when it is left forwards", () => {
    const def = flow([
      {
        ...step('first', office, { approve: 'second', back: 'back' }),
        cc: [{ on: 'finish', assignee: { type: 'user', account: 'admin' } }],
      },
      {
        ...step('second', hr, { approve: 'end', back: 'back' }),
        cc: [{ on: 'start', assignee: { type: 'user', account: 'lib' } }],
      },
    ]);
    const first = begin(def);
    expect(effectsOf(first.effects, 'process.copied')).toEqual([]);
    const second = actOn(def, first.state, 'approve');
    expect(effectsOf(second.effects, 'process.copied')).toEqual([
      { type: 'process.copied', userIds: ['u-admin'] },
      { type: 'process.copied', userIds: ['u-lib'] },
    ]);
    const back = actOn(def, second.state, 'back');
    expect(effectsOf(back.effects, 'process.copied')).toEqual([]);
  });

  it('resolves a field cc rule from the form data', () => {
    const def = flow([step('only', office, { approve: 'end' })], {
      cc: [{ on: 'finish', assignee: { type: 'field', field: 'host' } }],
    });
    const done = actOn(def, begin(def, { host: 'teacher' }).state, 'approve');
    expect(effectsOf(done.effects, 'process.copied')).toEqual([{ type: 'process.copied', userIds: ['u-teacher'] }]);
  });
});
