// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

import type { Task } from '@service-hall/contracts';

import { needsReason } from '../../actions/act-on-task.ts';
import { IdempotencyKeys, runBatch } from './batch-runner.ts';
import { batchChoices, planBatch, toggleId } from './selection.ts';

function task(id: string, actions: Array<string | [string, string]>): Task {
  return {
    id,
    name: `t${id}`,
    assignTime: 0,
    uri: '/workflow/detail',
    actionName: '',
    actions: actions.map((a) => (typeof a === 'string' ? { id: a, name: a.toUpperCase() } : { id: a[0], name: a[1] })),
    process: {
      id: `p${id}`,
      name: 'p',
      uri: '',
      tags: '',
      entry: `E-${id}`,
      owner: { id: 'o', name: 'o', account: 'o' },
      app: { id: 'a', name: 'a', code: 'leave', department: '' },
      system: { id: 's1', name: 's' },
    },
  };
}

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('selection', () => {
  it('toggles ids in a unique set', () => {
    let s = toggleId(new Set(), 'a');
    s = toggleId(s, 'b');
    s = toggleId(s, 'a');
    expect([...s]).toEqual(['b']);
    expect([...toggleId(s, 'b')]).toEqual([]);
  });

  it('offers every action, the most widely offered first, with how many tasks offer it', () => {
    const list = [
      task('1', ['approve', 'reject', 'back']),
      task('2', ['reject', 'approve']),
      task('3', ['approve', 'reject']),
    ];
    expect(batchChoices(list).map((c) => [c.action.id, c.count])).toEqual([
      ['approve', 3],
      ['reject', 3],
      ['back', 1],
    ]);
    expect(batchChoices([])).toEqual([]);
  });

  it('treats one id under two names as two actions, and sends each item only the action it offers', () => {
    // The visitor registration's "approve" is 确认来访: choosing 同意 must not confirm a visit.
    const leave1 = task('1', [
      ['approve', '同意'],
      ['reject', '驳回'],
    ]);
    const visit = task('2', [
      ['approve', '确认来访'],
      ['reject', '拒绝来访'],
    ]);
    const leave2 = task('3', [
      ['approve', '同意'],
      ['reject', '驳回'],
    ]);
    const choices = batchChoices([leave1, visit, leave2]);
    expect(choices.map((c) => `${c.action.name}:${c.count}`)).toEqual(['同意:2', '驳回:2', '确认来访:1', '拒绝来访:1']);
    const plan = planBatch([leave1, visit, leave2], choices[0].key);
    expect(plan.map((p) => [p.task.id, p.action?.name])).toEqual([
      ['1', '同意'],
      ['2', undefined],
      ['3', '同意'],
    ]);
    expect(planBatch([leave1], undefined)[0].action).toBeUndefined();
  });

  it('asks for a reason before a reject only', () => {
    expect(needsReason({ id: 'reject' })).toBe(true);
    expect(needsReason({ id: 'approve' })).toBe(false);
    expect(needsReason(undefined)).toBe(false);
  });
});

describe('runBatch', () => {
  const items = [1, 2, 3, 4].map((i) => ({ taskId: `t${i}`, entry: `E-${i}` }));

  it('advances the progress by 100/N per item and collects failures with the serial number', async () => {
    const progress: number[] = [];
    const send = vi.fn(async (taskId: string) => {
      if (taskId === 't3') throw Object.assign(new Error('already handled'), { status: 409 });
    });
    const result = await runBatch({
      items,
      actionId: 'approve',
      send,
      keys: new IdempotencyKeys(counter()),
      onProgress: (p) => progress.push(p),
    });
    expect(progress).toEqual([25, 50, 75, 100]);
    expect(result.succeeded).toEqual(['t1', 't2', 't4']);
    // Already handled elsewhere: retrying can only fail again, so the failure says so.
    expect(result.failures).toEqual([{ taskId: 't3', entry: 'E-3', error: 'already handled', gone: true }]);
  });

  it('gives each item its own key and reuses it when the outcome of the earlier try is unknown', async () => {
    const keys = new IdempotencyKeys(counter());
    const sent: Array<[string, string]> = [];
    const failing = new Set(['t2', 't3']);
    const send = async (taskId: string, _a: string, key: string) => {
      sent.push([taskId, key]);
      if (taskId === 't2' && failing.has(taskId)) throw new TypeError('Failed to fetch'); // outcome unknown
      if (taskId === 't3' && failing.has(taskId)) throw Object.assign(new Error('conflict'), { status: 409 }); // refused
    };
    const first = await runBatch({ items, actionId: 'approve', send, keys });
    expect(new Set(sent.map(([, k]) => k)).size).toBe(4);
    expect(first.failures.map((f) => f.taskId)).toEqual(['t2', 't3']);

    sent.length = 0;
    failing.clear();
    const retry = await runBatch({ items: first.failures, actionId: 'approve', send, keys });
    expect(retry.failures).toEqual([]);
    const keyOf = Object.fromEntries(sent);
    expect(keyOf.t2).toBe('key-2'); // same key: the server answers the first request's result, never acts twice
    expect(keyOf.t3).toBe('key-5'); // definite refusal: a fresh key
  });

  it("keeps at most `concurrency` requests in flight and reports results in the items' order", async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ taskId: `t${i}`, entry: `E-${i}` }));
    let inFlight = 0;
    let most = 0;
    const send = async (taskId: string) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      // Later items answer sooner, so completion order differs from the items' order.
      await new Promise((r) => setTimeout(r, 20 - Number(taskId.slice(1))));
      inFlight -= 1;
      if (taskId === 't7' || taskId === 't2') throw Object.assign(new Error(`no ${taskId}`), { status: 409 });
    };
    const progress: number[] = [];
    const result = await runBatch({
      items: many,
      actionId: 'approve',
      send,
      keys: new IdempotencyKeys(counter()),
      concurrency: 3,
      onProgress: (p) => progress.push(p),
    });
    expect(most).toBe(3);
    expect(result.failures.map((f) => f.taskId)).toEqual(['t2', 't7']);
    expect(result.succeeded).toEqual(['t0', 't1', 't3', 't4', 't5', 't6', 't8', 't9']);
    expect(progress).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });

  it('marks only 404/409 failures as gone; a network failure or 5xx can be retried', async () => {
    const statuses: Record<string, number> = { t1: 404, t2: 0, t3: 500, t4: 409 };
    const send = async (taskId: string) => {
      throw Object.assign(new Error('x'), { status: statuses[taskId] });
    };
    const result = await runBatch({ items, actionId: 'approve', send, keys: new IdempotencyKeys(counter()) });
    expect(result.failures.map((f) => [f.taskId, Boolean(f.gone)])).toEqual([
      ['t1', true],
      ['t2', false],
      ['t3', false],
      ['t4', true],
    ]);
  });

  it('sends the reason with every item and keys it with the body', async () => {
    const sent: Array<[string, string]> = [];
    const keys = new IdempotencyKeys(counter());
    const send = async (_id: string, _a: string, key: string, remark: string) => {
      sent.push([key, remark]);
    };
    await runBatch({ items: items.slice(0, 1), actionId: 'reject', remark: 'incomplete', send, keys });
    expect(sent).toEqual([['key-1', 'incomplete']]);
  });

  it('uses a fresh key when the action changes', () => {
    const keys = new IdempotencyKeys(counter());
    expect(keys.keyFor('t1', 'approve')).toBe('key-1');
    expect(keys.keyFor('t1', 'approve')).toBe('key-1');
    expect(keys.keyFor('t1', 'reject')).toBe('key-2');
  });
});
