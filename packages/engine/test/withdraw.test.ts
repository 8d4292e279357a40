import { describe, expect, it } from 'vitest';

import { act, withdraw } from '../src/index.ts';
import { actOn, begin, directory, effectsOf, flow, step } from './fixtures.ts';

const finance = { type: 'role', role: 'finance' } as const;

describe('withdraw', () => {
  const def = flow([
    step('review', finance, { approve: 'next', back: 'back' }),
    step('next', { type: 'starter' }, { confirm: 'end', back: 'back' }),
  ]);

  it('lets the starter withdraw before anybody else acts, cancelling open tasks', () => {
    const { state, effects } = withdraw(def, begin(def).state, { actorId: 'u-stu', now: 500 });
    expect(state).toMatchObject({ status: 'withdrawn', openTasks: [], currentStepId: null, updatedAt: 500 });
    expect(effects).toEqual([
      { type: 'task.cancelled', taskId: 'p1.1', reason: 'withdrawn' },
      { type: 'task.cancelled', taskId: 'p1.2', reason: 'withdrawn' },
      { type: 'process.finished', status: 'withdrawn' },
      { type: 'notify', userId: 'u-stu', kind: 'process.finished' },
    ]);
  });

  it('refuses anybody but the starter', () => {
    expect(() => withdraw(def, begin(def).state, { actorId: 'u-fin1', now: 500 })).toThrow(
      expect.objectContaining({ code: 'NOT_STARTER' }),
    );
  });

  it('refuses once somebody other than the starter has acted', () => {
    const acted = actOn(def, begin(def).state, 'approve', 'u-fin1');
    expect(acted.state.othersActed).toBe(true);
    expect(() => withdraw(def, acted.state, { actorId: 'u-stu', now: 500 })).toThrow(
      expect.objectContaining({ code: 'CANNOT_WITHDRAW' }),
    );
  });

  it('still refuses after the process went back to the start', () => {
    const acted = actOn(def, begin(def).state, 'approve', 'u-fin1');
    const back = actOn(def, acted.state, 'back');
    expect(() => withdraw(def, back.state, { actorId: 'u-stu', now: 500 })).toThrow(
      expect.objectContaining({ code: 'CANNOT_WITHDRAW' }),
    );
  });

  it("allows it after the starter's own action on their own task", () => {
    const own = flow([
      step('check', { type: 'starter' }, { confirm: 'review' }),
      step('review', finance, { approve: 'end' }),
    ]);
    const confirmed = actOn(own, begin(own).state, 'confirm');
    expect(confirmed.state.othersActed).toBe(false);
    expect(withdraw(own, confirmed.state, { actorId: 'u-stu', now: 500 }).state.status).toBe('withdrawn');
  });

  it("counts a delegate acting on the starter's task as somebody else", () => {
    const own = flow([
      step('check', { type: 'starter' }, { confirm: 'review' }),
      step('review', finance, { approve: 'end' }),
    ]);
    const started = begin(own).state;
    const { state } = act(own, started, {
      taskId: 'p1.1',
      actionId: 'confirm',
      actorId: 'u-teacher',
      onBehalfOfId: 'u-stu',
      remark: '',
      now: 200,
      directory,
    });
    expect(state.othersActed).toBe(true);
  });

  it('refuses a finished process with PROCESS_NOT_RUNNING', () => {
    const withdrawn = withdraw(def, begin(def).state, { actorId: 'u-stu', now: 500 });
    expect(() => withdraw(def, withdrawn.state, { actorId: 'u-stu', now: 600 })).toThrow(
      expect.objectContaining({ code: 'PROCESS_NOT_RUNNING' }),
    );
  });

  it('leaves no task to act on', () => {
    const withdrawn = withdraw(def, begin(def).state, { actorId: 'u-stu', now: 500 });
    expect(effectsOf(withdrawn.effects, 'task.cancelled')).toHaveLength(2);
    expect(() => actOn(def, withdrawn.state, 'approve')).toThrow();
  });
});
