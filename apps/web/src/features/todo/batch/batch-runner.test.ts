import { describe, expect, it, vi } from 'vitest';
import type { Task } from '@service-hall/contracts';
import { IdempotencyKeys, runBatch } from './batch-runner.ts';
import { commonActions, toggleId } from './selection.ts';

function task(id: string, actions: string[]): Task {
  return {
    id, name: `t${id}`, assignTime: 0, uri: '/workflow/detail', actionName: '',
    actions: actions.map((a) => ({ id: a, name: a.toUpperCase() })),
    process: { id: `p${id}`, name: 'p', uri: '', tags: '', entry: `E-${id}`, owner: { id: 'o', name: 'o', account: 'o' }, app: { id: 'a', name: 'a' }, system: { name: 's' } },
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

  it('offers only the actions common to all ticked tasks', () => {
    const list = [task('1', ['approve', 'reject', 'back']), task('2', ['reject', 'approve']), task('3', ['approve', 'reject'])];
    expect(commonActions(list).map((a) => a.id)).toEqual(['approve', 'reject']);
    expect(commonActions([task('1', ['a']), task('2', ['b'])])).toEqual([]);
    expect(commonActions([])).toEqual([]);
  });
});

describe('runBatch', () => {
  const items = [1, 2, 3, 4].map((i) => ({ taskId: `t${i}`, entry: `E-${i}` }));

  it('advances the progress by 100/N per item and collects failures with the serial number', async () => {
    const progress: number[] = [];
    const send = vi.fn(async (taskId: string) => {
      if (taskId === 't3') throw Object.assign(new Error('already handled'), { status: 409 });
    });
    const result = await runBatch({ items, actionId: 'approve', send, keys: new IdempotencyKeys(counter()), onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([25, 50, 75, 100]);
    expect(result.succeeded).toEqual(['t1', 't2', 't4']);
    expect(result.failures).toEqual([{ taskId: 't3', entry: 'E-3', error: 'already handled' }]);
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

  it('keeps at most `concurrency` requests in flight and reports results in the items\' order', async () => {
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
    const result = await runBatch({ items: many, actionId: 'approve', send, keys: new IdempotencyKeys(counter()), concurrency: 3, onProgress: (p) => progress.push(p) });
    expect(most).toBe(3);
    expect(result.failures.map((f) => f.taskId)).toEqual(['t2', 't7']);
    expect(result.succeeded).toEqual(['t0', 't1', 't3', 't4', 't5', 't6', 't8', 't9']);
    expect(progress).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });

  it('uses a fresh key when the action changes', () => {
    const keys = new IdempotencyKeys(counter());
    expect(keys.keyFor('t1', 'approve')).toBe('key-1');
    expect(keys.keyFor('t1', 'approve')).toBe('key-1');
    expect(keys.keyFor('t1', 'reject')).toBe('key-2');
  });
});
