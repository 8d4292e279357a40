import { describe, expect, it } from 'vitest';

import { act, availableActions, EngineError, start, type ProcessState } from '../src/index.ts';
import { actOn, begin, directory, flow, step } from './fixtures.ts';

const office = { type: 'role', role: 'office' } as const;
const finance = { type: 'role', role: 'finance' } as const;

function actWith(def: ReturnType<typeof flow>, state: ProcessState, taskId: string, actionId: string, remark = '') {
  return act(def, state, { taskId, actionId, actorId: 'u-off', onBehalfOfId: null, remark, now: 300, directory });
}

describe('act refuses', () => {
  const def = flow([
    {
      ...step('review', finance, { approve: 'next' }),
      actions: [
        { id: 'approve', name: { zh: '同意', en: 'Approve' }, to: 'next' },
        { id: 'reject', name: { zh: '驳回', en: 'Reject' }, to: 'reject', remarkRequired: true },
      ],
    },
    step('next', office, { approve: 'end' }),
  ]);

  it('an unknown task with TASK_NOT_OPEN', () => {
    expect(() => actWith(def, begin(def).state, 'p1.99', 'approve')).toThrow(
      expect.objectContaining({ code: 'TASK_NOT_OPEN' }),
    );
  });

  it('a task already decided or cancelled with TASK_NOT_OPEN', () => {
    const started = begin(def).state;
    const moved = actOn(def, started, 'approve', 'u-fin1').state;
    expect(() => actWith(def, moved, 'p1.1', 'approve')).toThrow(expect.objectContaining({ code: 'TASK_NOT_OPEN' }));
    expect(() => actWith(def, moved, 'p1.2', 'approve')).toThrow(expect.objectContaining({ code: 'TASK_NOT_OPEN' }));
  });

  it('any task of a finished process with TASK_NOT_OPEN', () => {
    let t = actOn(def, begin(def).state, 'approve', 'u-fin1');
    t = actOn(def, t.state, 'approve');
    expect(t.state.status).toBe('completed');
    expect(() => actWith(def, t.state, 'p1.3', 'approve')).toThrow(expect.objectContaining({ code: 'TASK_NOT_OPEN' }));
  });

  it('an action the step does not offer with ACTION_NOT_OFFERED', () => {
    expect(() => actWith(def, begin(def).state, 'p1.1', 'skip')).toThrow(
      expect.objectContaining({ code: 'ACTION_NOT_OFFERED' }),
    );
  });

  it('an action of another step with ACTION_NOT_OFFERED', () => {
    const other = flow([step('a', office, { approve: 'b' }), step('b', office, { finish: 'end' })]);
    expect(() => actWith(other, begin(other).state, 'p1.1', 'finish')).toThrow(
      expect.objectContaining({ code: 'ACTION_NOT_OFFERED' }),
    );
  });

  it('a blank remark where one is required with REMARK_REQUIRED', () => {
    const started = begin(def).state;
    expect(() => actWith(def, started, 'p1.1', 'reject', '  ')).toThrow(
      expect.objectContaining({ code: 'REMARK_REQUIRED' }),
    );
    expect(actWith(def, started, 'p1.1', 'reject', '票据不全').state.status).toBe('rejected');
  });

  it('a definition of another version', () => {
    const started = begin(def).state;
    const v2 = { ...def, version: 2 };
    expect(() => actWith(v2, started, 'p1.1', 'approve')).toThrow(
      expect.objectContaining({ code: 'INVALID_DEFINITION' }),
    );
  });

  it('a move into a step nobody can handle with NO_ASSIGNEE, leaving the state as it was', () => {
    const dead = flow([
      step('a', office, { approve: 'b' }),
      step('b', { type: 'role', role: 'dean' }, { approve: 'end' }),
    ]);
    const started = begin(dead).state;
    const before = JSON.stringify(started);
    expect(() => actWith(dead, started, 'p1.1', 'approve')).toThrow(EngineError);
    expect(JSON.stringify(started)).toBe(before);
  });
});

describe('act records', () => {
  it('who acted, for whom and why, without touching the input state', () => {
    const def = flow([step('only', office, { approve: 'end' })]);
    const started = start(def, { processId: 'p9', starterId: 'u-stu', data: { amount: 1 }, now: 100, directory }).state;
    const snapshot = structuredClone(started);
    const { state, effects } = act(def, started, {
      taskId: 'p9.1',
      actionId: 'approve',
      actorId: 'u-admin',
      onBehalfOfId: 'u-off',
      remark: '代为办理',
      now: 250,
      directory,
    });
    expect(started).toEqual(snapshot);
    expect(state.updatedAt).toBe(250);
    expect(state.startedAt).toBe(100);
    expect(effects[0]).toEqual({
      type: 'task.completed',
      taskId: 'p9.1',
      actionId: 'approve',
      actionName: { zh: 'approve', en: 'approve' },
      actorId: 'u-admin',
      onBehalfOfId: 'u-off',
      remark: '代为办理',
    });
  });
});

describe('availableActions', () => {
  const def = flow([step('a', finance, { approve: 'end', reject: 'reject' })]);

  it('lists the step actions of an open task', () => {
    expect(availableActions(def, begin(def).state, 'p1.2')).toEqual([
      { id: 'approve', name: { zh: 'approve', en: 'approve' } },
      { id: 'reject', name: { zh: 'reject', en: 'reject' } },
    ]);
  });

  it('is empty for unknown, decided, cancelled and finished tasks', () => {
    const started = begin(def).state;
    expect(availableActions(def, started, 'p1.9')).toEqual([]);
    const done = actOn(def, started, 'approve', 'u-fin1').state;
    expect(availableActions(def, done, 'p1.1')).toEqual([]);
    expect(availableActions(def, done, 'p1.2')).toEqual([]);
  });
});
