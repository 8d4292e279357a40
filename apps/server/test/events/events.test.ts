import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PushEvent } from '@service-hall/contracts';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);

/** Reads SSE frames until `until` matches the text received so far. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: (text: string) => boolean,
  seen = { text: '' },
) {
  const decoder = new TextDecoder();
  while (!until(seen.text)) {
    const { value, done } = await reader.read();
    if (done) break;
    seen.text += decoder.decode(value, { stream: true });
  }
  return seen;
}

describe.each(testDialects())('events and notifications on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  let base: string;
  let active = 0;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
    // Count live subscriptions to prove the stream unsubscribes on close.
    const subscribe = t.ctx.bus.subscribe.bind(t.ctx.bus);
    t.ctx.bus.subscribe = (userId, listener) => {
      active += 1;
      const off = subscribe(userId, listener);
      return () => {
        active -= 1;
        off();
      };
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('streams a ready event, then pushes to the new assignee, and unsubscribes on close', async () => {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/me/events`, { headers: await t.auth('lisi'), signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const seen = await readUntil(reader, (s) => s.includes('event: ready'));
    expect(seen.text).toContain('retry: 3000');
    expect(active).toBe(1);

    const started = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    await readUntil(reader, (s) => s.includes('event: task.created'), seen);
    const frame = seen.text.split('\n\n').find((f) => f.startsWith('event: task.created'))!;
    const event = JSON.parse(
      frame
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6),
    ) as PushEvent;
    expect(event).toMatchObject({ type: 'task.created', processId: started.id });
    expect(event.lists).toContain('todo');

    abort.abort();
    await reader.cancel().catch(() => undefined);
    await expect.poll(() => active, { timeout: 2000 }).toBe(0);
  });

  it('also tells an active delegate of the new assignee', async () => {
    await w.call('lisi', 'POST', '/api/user/lisi/entrustees', {
      appId: 'app-leave',
      entrusteeId: 'zhaoliu',
      from: NOW - 60,
      to: NOW + 3600,
    });
    const abort = new AbortController();
    const res = await fetch(`${base}/api/me/events`, { headers: await t.auth('zhaoliu'), signal: abort.signal });
    const reader = res.body!.getReader();
    const seen = await readUntil(reader, (s) => s.includes('event: ready'));
    const started = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    await readUntil(reader, (s) => s.includes(started.id), seen);
    expect(seen.text).toContain('event: task.created');
    abort.abort();
    await reader.cancel().catch(() => undefined);
  });

  it('refuses the stream without a token, and with a token in the URL', async () => {
    expect((await fetch(`${base}/api/me/events`)).status).toBe(401);
    const token = await t.tokenFor('lisi');
    expect((await fetch(`${base}/api/me/events?access_token=${token}`)).status).toBe(400);
  });

  it('keeps notifications (unread first) and marks them read', async () => {
    const list = (await w.call('lisi', 'GET', '/api/me/notifications')).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.entities[0]).toMatchObject({ type: 'task.assigned', read: false });
    const id = list.entities[0].id as string;
    expect((await w.call('lisi', 'POST', `/api/me/notifications/${id}/read`)).statusCode).toBe(200);
    expect((await w.call('zhangsan', 'POST', `/api/me/notifications/${id}/read`)).statusCode).toBe(404);
    const after = (await w.call('lisi', 'GET', '/api/me/notifications?limit=100')).json();
    const marked = after.entities.find((n: { id: string }) => n.id === id);
    expect(marked.read).toBe(true);
    const firstRead = after.entities.findIndex((n: { read: boolean }) => n.read);
    expect(after.entities.slice(firstRead).every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('writes events in the same transaction as the change: a refused action leaves none', async () => {
    const before = await t.ctx.db.selectFrom('events').select('id').execute();
    const todo = await w.todo('lisi');
    const res = await w.act('lisi', todo.entities[0].id, 'no-such-action');
    expect(res.statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('events').select('id').execute()).toHaveLength(before.length);
  });
});
