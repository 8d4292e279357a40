// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-error.ts';
import { RETRY_COUNT, RETRY_DELAY_MS, sendWithRetry } from './http.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function deps(responses: Array<Response | Error>) {
  const calls: RequestInit[] = [];
  const sleeps: number[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init!);
    const r = responses.shift();
    if (r instanceof Error) throw r;
    return r!;
  }) as unknown as typeof globalThis.fetch;
  return { calls, sleeps, deps: { fetch, sleep: async (ms: number) => void sleeps.push(ms) } };
}

describe('retry policy (docs/product.md §7: 4 retries, 1 s apart)', () => {
  it('retries a read after network errors and 5xx, reusing the same headers, then succeeds', async () => {
    const d = deps([
      new TypeError('Failed to fetch'),
      json(503, { errno: 50301, error: 'busy' }),
      json(200, { errno: 0, entities: [1] }),
    ]);
    const init = { method: 'GET', headers: { 'Idempotency-Key': 'k-1' } };
    await expect(sendWithRetry('/api/me/apps', init, d.deps)).resolves.toEqual({ errno: 0, entities: [1] });
    expect(d.calls).toHaveLength(3);
    expect(d.calls.every((c) => (c.headers as Record<string, string>)['Idempotency-Key'] === 'k-1')).toBe(true);
    expect(d.sleeps).toEqual([RETRY_DELAY_MS, RETRY_DELAY_MS]);
  });

  it('retries 429', async () => {
    const d = deps([json(429, { errno: 42901, error: 'slow down' }), json(200, { errno: 0 })]);
    await sendWithRetry('/x', {}, d.deps);
    expect(d.calls).toHaveLength(2);
  });

  it('never retries a 4xx and throws the server error text', async () => {
    const d = deps([json(409, { errno: 40902, ecode: 'TASK_ALREADY_HANDLED', error: '该任务已被处理' })]);
    const err = await sendWithRetry('/x', {}, d.deps).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, errno: 40902, ecode: 'TASK_ALREADY_HANDLED', message: '该任务已被处理' });
    expect(d.calls).toHaveLength(1);
  });

  it('does not retry a failed callback to an external system: the server already retried it', async () => {
    const d = deps([
      json(502, { errno: 50201, ecode: 'CALLBACK_FAILED', error: '财务系统未能完成此操作，请稍后重试' }),
    ]);
    await expect(sendWithRetry('/x', {}, d.deps)).rejects.toMatchObject({ status: 502, ecode: 'CALLBACK_FAILED' });
    expect(d.calls).toHaveLength(1);
  });

  it('never retries a write that failed with a 5xx: the failure is shown once and nothing is sent again', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const d = deps([json(500, { errno: 50001, ecode: 'INTERNAL', error: 'boom' }), json(200, { errno: 0 })]);
      const init = { method, headers: { 'Idempotency-Key': 'k-2' } };
      await expect(sendWithRetry('/api/admin/processes/p-1/cancel', init, d.deps), method).rejects.toMatchObject({
        status: 500,
        message: 'boom',
      });
      expect(d.calls, method).toHaveLength(1);
      expect(d.sleeps, method).toEqual([]);
    }
  });

  it('still retries a write refused with 429 or lost on the network, and a read-only POST after a 5xx', async () => {
    const busy = deps([
      json(429, { errno: 42901, error: 'slow down' }),
      new TypeError('Failed to fetch'),
      json(200, { errno: 0 }),
    ]);
    await expect(sendWithRetry('/x', { method: 'POST' }, busy.deps)).resolves.toEqual({ errno: 0 });
    expect(busy.calls).toHaveLength(3);
    const query = deps([json(503, { errno: 50301, error: 'busy' }), json(200, { data: {} })]);
    await expect(sendWithRetry('/graphql', { method: 'POST' }, query.deps, { read: true })).resolves.toEqual({
      data: {},
    });
    expect(query.calls).toHaveLength(2);
  });

  it('gives up after 1 + 4 attempts', async () => {
    const d = deps(Array.from({ length: 10 }, () => json(500, { errno: 50001, error: 'boom' })));
    await expect(sendWithRetry('/x', {}, d.deps)).rejects.toMatchObject({ status: 500, message: 'boom' });
    expect(d.calls).toHaveLength(RETRY_COUNT + 1);
    expect(d.sleeps).toHaveLength(RETRY_COUNT);
  });

  it('carries field details of a 400', async () => {
    const d = deps([
      json(400, {
        errno: 40001,
        ecode: 'VALIDATION_FAILED',
        error: 'bad',
        details: [{ field: 'days', message: 'too many' }],
      }),
    ]);
    await expect(sendWithRetry('/x', {}, d.deps)).rejects.toMatchObject({
      details: [{ field: 'days', message: 'too many' }],
    });
  });
});
