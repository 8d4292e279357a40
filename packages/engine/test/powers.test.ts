import { describe, expect, it } from 'vitest';

import {
  act,
  addSigner,
  reject,
  resubmit,
  returnTargets,
  returnTo,
  transfer,
  urge,
  URGE_INTERVAL,
  type ProcessState,
} from '../src/index.ts';
import { actOn, assigneesOf, begin, directory, effectsOf, flow, step } from './fixtures.ts';

const office = { type: 'role', role: 'office' } as const;
const finance = { type: 'role', role: 'finance' } as const;
const head = { type: 'departmentHead' } as const;

// office (any) → finance countersign (all) → head (any) → end
const def = flow([
  step('office', office, { approve: 'finance', reject: 'reject' }),
  step('finance', finance, { approve: 'head', reject: 'reject' }, 'all'),
  step('head', head, { approve: 'end', reject: 'reject', back: 'back' }),
]);

const taskOf = (state: ProcessState, assigneeId: string) =>
  state.openTasks.find((t) => t.assigneeId === assigneeId)!.taskId;
const code = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'no error';
};
const at = (state: ProcessState) => ({ now: state.updatedAt + 10, onBehalfOfId: null });

function atHead(): ProcessState {
  let s = begin(def).state;
  s = actOn(def, s, 'approve', 'u-off').state;
  s = actOn(def, s, 'approve', 'u-fin1').state;
  return actOn(def, s, 'approve', 'u-fin2').state;
}

describe('transfer (转办)', () => {
  const started = begin(def).state;
  const base = {
    taskId: 'p1.1',
    actorId: 'u-off',
    toUserId: 'u-lib',
    reason: '我出差，请图书馆老师代办',
    ...at(started),
  };

  it('hands the task to somebody else in the same step, with the reason on the timeline', () => {
    const { state, effects } = transfer(def, started, base);
    expect(state.openTasks).toEqual([{ taskId: 'p1.2', stepId: 'office', assigneeId: 'u-lib' }]);
    expect(effectsOf(effects, 'task.cancelled')).toEqual([
      { type: 'task.cancelled', taskId: 'p1.1', reason: 'transferred' },
    ]);
    expect(effectsOf(effects, 'task.created')[0]).toMatchObject({ assigneeId: 'u-lib', stepId: 'office' });
    expect(effectsOf(effects, 'notify')).toEqual([{ type: 'notify', userId: 'u-lib', kind: 'task.assigned' }]);
    expect(effectsOf(effects, 'process.logged')[0]).toMatchObject({
      kind: 'transferred',
      actorId: 'u-off',
      userIds: ['u-lib'],
      remark: base.reason,
    });
    expect(started.openTasks[0].assigneeId).toBe('u-off');
    // The new holder decides as any assignee would.
    expect(actOn(def, state, 'approve', 'u-lib').state.currentStepId).toBe('finance');
  });

  it('needs a reason, and refuses oneself, a current assignee and the starter', () => {
    expect(code(() => transfer(def, started, { ...base, reason: '  ' }))).toBe('REASON_REQUIRED');
    expect(code(() => transfer(def, started, { ...base, toUserId: 'u-off' }))).toBe('TRANSFER_TO_SELF');
    const countersign = actOn(def, started, 'approve').state;
    const fin1 = { ...base, taskId: taskOf(countersign, 'u-fin1'), actorId: 'u-fin1' };
    expect(code(() => transfer(def, countersign, { ...fin1, toUserId: 'u-fin2' }))).toBe('ALREADY_ASSIGNED');
    expect(code(() => transfer(def, started, { ...base, toUserId: 'u-stu' }))).toBe('ALREADY_ASSIGNED');
    expect(code(() => transfer(def, started, { ...base, taskId: 'p1.9' }))).toBe('TASK_NOT_OPEN');
  });
});

describe('add a signer (加签)', () => {
  const started = begin(def).state;
  const base = { taskId: 'p1.1', actorId: 'u-off', signerId: 'u-lib', remark: '请图书馆把关', ...at(started) };

  it('before oneself: the signer signs first, then the task comes back', () => {
    const added = addSigner(def, started, { ...base, position: 'before' });
    expect(added.state.openTasks).toEqual([{ taskId: 'p1.2', stepId: 'office', assigneeId: 'u-lib', then: 'u-off' }]);
    expect(effectsOf(added.effects, 'task.cancelled')).toEqual([
      { type: 'task.cancelled', taskId: 'p1.1', reason: 'signer-added' },
    ]);
    const signed = actOn(def, added.state, 'approve', 'u-lib');
    expect(signed.state.currentStepId).toBe('office');
    expect(assigneesOf(signed.state)).toEqual(['u-off']);
    expect(actOn(def, signed.state, 'approve', 'u-off').state.currentStepId).toBe('finance');
  });

  it('after oneself: one approves now and the step waits for the signer', () => {
    const added = addSigner(def, started, { ...base, position: 'after' });
    expect(effectsOf(added.effects, 'task.completed')[0]).toMatchObject({
      taskId: 'p1.1',
      actionId: 'approve',
      actorId: 'u-off',
    });
    expect(added.state.currentStepId).toBe('office');
    expect(added.state.openTasks).toEqual([{ taskId: 'p1.2', stepId: 'office', assigneeId: 'u-lib', added: true }]);
    expect(actOn(def, added.state, 'approve', 'u-lib').state.currentStepId).toBe('finance');
  });

  it('after oneself in a countersign: the step waits for the peers and the signer', () => {
    const s = actOn(def, started, 'approve').state;
    const added = addSigner(def, s, { ...base, taskId: taskOf(s, 'u-fin1'), actorId: 'u-fin1', position: 'after' });
    expect(assigneesOf(added.state)).toEqual(['u-fin2', 'u-lib']);
    const one = actOn(def, added.state, 'approve', 'u-fin2');
    expect(one.state.currentStepId).toBe('finance');
    expect(actOn(def, one.state, 'approve', 'u-lib').state.currentStepId).toBe('head');
  });

  it('refuses somebody who already signed this step, a holder of it, oneself and the starter', () => {
    const s = actOn(def, started, 'approve').state;
    const signed = actOn(def, s, 'approve', 'u-fin1').state;
    const fin2 = { ...base, taskId: taskOf(signed, 'u-fin2'), actorId: 'u-fin2', position: 'before' as const };
    expect(code(() => addSigner(def, signed, { ...fin2, signerId: 'u-fin1' }))).toBe('ALREADY_SIGNED');
    expect(code(() => addSigner(def, s, { ...fin2, taskId: taskOf(s, 'u-fin2'), signerId: 'u-fin1' }))).toBe(
      'ALREADY_ASSIGNED',
    );
    expect(code(() => addSigner(def, started, { ...base, signerId: 'u-off', position: 'before' }))).toBe(
      'ALREADY_ASSIGNED',
    );
    expect(code(() => addSigner(def, started, { ...base, signerId: 'u-stu', position: 'after' }))).toBe(
      'ALREADY_ASSIGNED',
    );
  });
});

describe('return (退回)', () => {
  it('to any earlier step: open tasks are cancelled and its assignees get the task again', () => {
    const s = atHead();
    expect(returnTargets(s)).toEqual(['finance', 'office', 'resubmit']);
    const input = {
      taskId: taskOf(s, 'u-head'),
      actorId: 'u-head',
      stepId: 'office',
      reason: '材料不全',
      directory,
      ...at(s),
    };
    const { state, effects } = returnTo(def, s, input);
    expect(state.currentStepId).toBe('office');
    expect(state.path).toEqual(['office']);
    expect(assigneesOf(state)).toEqual(['u-off']);
    expect(effectsOf(effects, 'task.cancelled')).toEqual([
      { type: 'task.cancelled', taskId: input.taskId, reason: 'returned' },
    ]);
    expect(effectsOf(effects, 'process.logged')[0]).toMatchObject({
      kind: 'returned',
      stepId: 'office',
      remark: '材料不全',
    });
    // It runs on from there as before.
    const again = actOn(def, state, 'approve', 'u-off').state;
    expect(again.currentStepId).toBe('finance');
    expect(assigneesOf(again)).toEqual(['u-fin1', 'u-fin2']);
  });

  it('to the starter, who resubmits (with corrected data) and the first step starts again', () => {
    const s = atHead();
    const back = returnTo(def, s, {
      taskId: taskOf(s, 'u-head'),
      actorId: 'u-head',
      stepId: 'resubmit',
      reason: '请补充说明',
      directory,
      ...at(s),
    });
    expect(back.state.openTasks).toEqual([{ taskId: 'p1.5', stepId: 'resubmit', assigneeId: 'u-stu' }]);
    expect(effectsOf(back.effects, 'task.created')[0].actions.map((a) => a.id)).toEqual(['resubmit']);
    const again = resubmit(def, back.state, {
      taskId: 'p1.5',
      actorId: 'u-stu',
      data: { amount: 10 },
      now: 999,
      directory,
    });
    expect(again.state.data).toEqual({ amount: 10 });
    expect(again.state.currentStepId).toBe('office');
    expect(again.state.path).toEqual(['office']);
    // The same through act, as the task's one action.
    const viaAct = act(def, back.state, {
      taskId: 'p1.5',
      actionId: 'resubmit',
      actorId: 'u-stu',
      onBehalfOfId: null,
      remark: '',
      now: 999,
      directory,
    });
    expect(viaAct.state.currentStepId).toBe('office');
    expect(viaAct.state.data).toEqual(back.state.data);
    // act carries corrected data too (the server's task action with `data`).
    const corrected = act(def, back.state, {
      taskId: 'p1.5',
      actionId: 'resubmit',
      actorId: 'u-stu',
      onBehalfOfId: null,
      remark: '',
      now: 999,
      directory,
      data: { amount: 12 },
    });
    expect(corrected.state.data).toEqual({ amount: 12 });
  });

  it('needs a reason, an earlier step, and is refused from a countersign step', () => {
    const s = atHead();
    const base = { taskId: taskOf(s, 'u-head'), actorId: 'u-head', directory, ...at(s) };
    expect(code(() => returnTo(def, s, { ...base, stepId: 'office', reason: '' }))).toBe('REASON_REQUIRED');
    expect(code(() => returnTo(def, s, { ...base, stepId: 'head', reason: 'x' }))).toBe('NOT_EARLIER_STEP');
    expect(code(() => returnTo(def, s, { ...base, stepId: 'nowhere', reason: 'x' }))).toBe('NOT_EARLIER_STEP');
    const sign = actOn(def, begin(def).state, 'approve').state;
    const fin = {
      taskId: taskOf(sign, 'u-fin1'),
      actorId: 'u-fin1',
      stepId: 'office',
      reason: '退回',
      directory,
      ...at(sign),
    };
    expect(code(() => returnTo(def, sign, fin))).toBe('RETURN_FROM_COUNTERSIGN');
  });
});

describe('reject (驳回) as a power', () => {
  it('needs a reason, then ends the process rejected and cancels the peers', () => {
    const s = actOn(def, begin(def).state, 'approve').state;
    const base = { taskId: taskOf(s, 'u-fin1'), actorId: 'u-fin1', directory, ...at(s) };
    expect(code(() => reject(def, s, { ...base, reason: ' ' }))).toBe('REASON_REQUIRED');
    const { state, effects } = reject(def, s, { ...base, reason: '预算不足' });
    expect(state.status).toBe('rejected');
    expect(effectsOf(effects, 'task.completed')[0]).toMatchObject({ actionId: 'reject', remark: '预算不足' });
    expect(effectsOf(effects, 'task.cancelled')).toEqual([
      { type: 'task.cancelled', taskId: taskOf(s, 'u-fin2'), reason: 'peer-decided' },
    ]);
  });
});

describe('urge (催办)', () => {
  it('reminds the current assignees, at most once an hour per process', () => {
    const s = actOn(def, begin(def).state, 'approve').state;
    const { effects, state } = urge(s, { actorId: 'u-stu', now: 10_000, lastUrgedAt: null });
    expect(effectsOf(effects, 'process.urged')).toEqual([
      { type: 'process.urged', actorId: 'u-stu', userIds: ['u-fin1', 'u-fin2'] },
    ]);
    expect(state).toEqual(s);
    expect(code(() => urge(s, { actorId: 'u-stu', now: 10_000 + URGE_INTERVAL - 1, lastUrgedAt: 10_000 }))).toBe(
      'URGED_RECENTLY',
    );
    expect(urge(s, { actorId: 'u-stu', now: 10_000 + URGE_INTERVAL, lastUrgedAt: 10_000 }).effects).toHaveLength(2);
  });

  it('is refused once the process has finished', () => {
    const done = reject(def, begin(def).state, {
      taskId: 'p1.1',
      actorId: 'u-off',
      onBehalfOfId: null,
      reason: 'x',
      now: 200,
      directory,
    }).state;
    expect(code(() => urge(done, { actorId: 'u-stu', now: 99_999, lastUrgedAt: null }))).toBe('PROCESS_NOT_RUNNING');
  });
});
