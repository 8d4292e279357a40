import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import type { PushEvent } from '@service-hall/contracts';

import { coalesceEvents } from './coalesce-events.ts';
import { backoffMs, runEventStream } from './event-stream.ts';
import { applyPushEvent, applyPushEvents, refreshAfterOpen } from './live-refresh.tsx';
import { SseParser } from './sse-parser.ts';

function streamOf(chunks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(new TextEncoder().encode(ch));
      c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('SSE parser', () => {
  it('assembles events across chunks and skips comments and retry lines', () => {
    const p = new SseParser();
    expect(p.push('retry: 3000\n\nevent: ready\ndata: {"u":1}\n')).toEqual([]);
    expect(p.push('\n: heartbeat\n\nevent: task.created\r\ndata: {"a"')).toEqual([
      { event: 'ready', data: '{"u":1}', id: undefined },
    ]);
    expect(p.push(':1}\r\n\r\n')).toEqual([{ event: 'task.created', data: '{"a":1}', id: undefined }]);
  });
});

describe('event stream', () => {
  it('sends the token as a header, reports events and reconnects with a refetch signal', async () => {
    const ev: PushEvent = { type: 'task.created', processId: 'p1', lists: ['todo'] };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        streamOf([`event: ready\ndata: {}\n\nevent: task.created\ndata: ${JSON.stringify(ev)}\n\n`]),
      )
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce(streamOf(['event: ready\ndata: {}\n\n']));
    const ctrl = new AbortController();
    const events: PushEvent[] = [];
    const opens: boolean[] = [];
    const sleeps: number[] = [];
    await runEventStream(
      ctrl.signal,
      {
        onEvent: (e) => events.push(e),
        onOpen: (re) => {
          opens.push(re);
          if (opens.length === 2) ctrl.abort();
        },
      },
      { fetch, url: () => '/api/me/events', token: () => 'tok', sleep: async (ms) => void sleeps.push(ms) },
    );
    expect(fetch.mock.calls[0][0]).toBe('/api/me/events');
    expect(fetch.mock.calls[0][1].headers.Authorization).toBe('Bearer tok');
    expect(events).toEqual([ev]);
    expect(opens).toEqual([false, true]);
    expect(sleeps.length).toBe(2);
  });

  it('counts as open only once the server says the stream is subscribed (its ready event), not on its headers', async () => {
    const opens: boolean[] = [];
    const ctrl = new AbortController();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(streamOf([': heartbeat\n\n']))
      .mockResolvedValueOnce(streamOf(['retry: 3000\n\n', 'event: ready\ndata: {}\n\n']));
    await runEventStream(
      ctrl.signal,
      {
        onEvent: () => undefined,
        onOpen: (re) => {
          opens.push(re);
          ctrl.abort();
        },
      },
      { fetch, url: () => '/api/me/events', token: () => 'tok', sleep: async () => undefined },
    );
    expect(opens).toEqual([false]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('backs off exponentially up to 30 s', () => {
    expect(backoffMs(1, () => 0.5)).toBe(1000);
    expect(backoffMs(3, () => 0.5)).toBe(4000);
    expect(backoffMs(20, () => 0.5)).toBe(30000);
  });
});

describe('applyPushEvent', () => {
  it('invalidates the named lists, the counts and the process', () => {
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    applyPushEvent(qc, { type: 'task.created', processId: 'p1', lists: ['todo', 'cc'] });
    const keys = spy.mock.calls.map((c) => JSON.stringify(c[0]?.queryKey));
    expect(keys).toEqual(
      expect.arrayContaining(['["lists","todo"]', '["lists","cc"]', '["counts"]', '["process","p1"]']),
    );
    expect(keys).not.toContain('["lists","done"]');
  });

  it('invalidates each list once for a burst of events', () => {
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const burst = Array.from({ length: 100 }, (_, i) => ({
      type: 'task.completed' as const,
      processId: `p${i % 2}`,
      lists: ['todo' as const, 'done' as const],
    }));
    applyPushEvents(qc, burst);
    const keys = spy.mock.calls.map((c) => JSON.stringify(c[0]?.queryKey));
    expect(keys.filter((k) => k === '["lists","todo"]')).toHaveLength(1);
    expect(keys.filter((k) => k === '["counts"]')).toHaveLength(1);
    expect(keys.filter((k) => k.startsWith('["process"'))).toEqual(['["process","p0"]', '["process","p1"]']);
  });
});

describe('refreshAfterOpen', () => {
  /** An active query whose answer is the number of times it was read. */
  async function watched(qc: QueryClient, queryKey: readonly unknown[]) {
    let reads = 0;
    const observer = new QueryObserver(qc, { queryKey, queryFn: async () => ++reads, staleTime: Infinity });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    return { observer, stop, reads: () => reads };
  }

  it('rereads a to-do read before the first subscription (a task created in that gap shows), and not the template', async () => {
    const qc = new QueryClient();
    const todo = await watched(qc, ['lists', 'todo', { start: 0 }]);
    const count = await watched(qc, ['counts', 'todo']);
    const template = await watched(qc, ['page-template']);
    refreshAfterOpen(qc, false);
    await vi.waitFor(() => expect(todo.observer.getCurrentResult().data).toBe(2));
    await vi.waitFor(() => expect(count.observer.getCurrentResult().data).toBe(2));
    expect(template.reads()).toBe(1);
    refreshAfterOpen(qc, true);
    await vi.waitFor(() => expect(template.observer.getCurrentResult().data).toBe(2));
    for (const w of [todo, count, template]) w.stop();
  });

  it('lets a read under way land (the first rows are not held back), then reads it once more', async () => {
    const qc = new QueryClient();
    let reads = 0;
    let answerFirst: (n: number) => void = () => {};
    const observer = new QueryObserver(qc, {
      queryKey: ['lists', 'todo', { start: 0 }],
      staleTime: Infinity,
      queryFn: () =>
        ++reads === 1
          ? new Promise<number>((resolve) => {
              answerFirst = resolve;
            })
          : Promise.resolve(reads),
    });
    const seen: Array<number | undefined> = [];
    const stop = observer.subscribe((r) => seen.push(r.data));
    await vi.waitFor(() => expect(reads).toBe(1));
    refreshAfterOpen(qc, false);
    answerFirst(1);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(2));
    expect(seen).toContain(1);
    stop();
  });
});

describe('coalesceEvents', () => {
  it('hands over the events of one window together, then starts a new window', () => {
    vi.useFakeTimers();
    try {
      const flushed: number[][] = [];
      const c = coalesceEvents<number>((e) => flushed.push(e), 150);
      c.push(1);
      c.push(2);
      vi.advanceTimersByTime(149);
      expect(flushed).toEqual([]);
      c.push(3);
      vi.advanceTimersByTime(1);
      expect(flushed).toEqual([[1, 2, 3]]);
      c.push(4);
      c.cancel();
      vi.advanceTimersByTime(500);
      expect(flushed).toEqual([[1, 2, 3]]);
    } finally {
      vi.useRealTimers();
    }
  });
});
