import type { PushEvent } from '@service-hall/contracts';

import { SseParser } from './sse-parser.ts';

export interface StreamHandlers {
  onEvent: (event: PushEvent) => void;
  /**
   * The stream is (re)subscribed: its `ready` event, which the server sends once this connection receives the user's
   * events. `reconnect` is true after a drop, when everything must be refetched.
   */
  onOpen: (reconnect: boolean) => void;
}

export interface StreamDeps {
  fetch: typeof fetch;
  url: () => string;
  token: () => string | null;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Backoff after the n-th consecutive failure: 1 s, 2 s, 4 s … capped at 30 s, with ±20 % jitter. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Keeps a fetch-streamed SSE connection to the push-event endpoint open until `signal` aborts. The token goes in
 * the Authorization header, never in the URL (docs/product.md §10). Delivery is at-most-once, so the caller refetches
 * at every `onOpen` what changed before it.
 */
export async function runEventStream(signal: AbortSignal, handlers: StreamHandlers, deps: StreamDeps): Promise<void> {
  let failures = 0;
  let connectedBefore = false;
  while (!signal.aborted) {
    try {
      const token = deps.token();
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (token) headers.Authorization = `Bearer ${token}`;
      const res = await deps.fetch(deps.url(), { headers, signal, cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
      failures = 0;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new SseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const msg of parser.push(value)) {
          if (msg.event === 'ready') {
            handlers.onOpen(connectedBefore);
            connectedBefore = true;
            continue;
          }
          try {
            const event = JSON.parse(msg.data) as PushEvent;
            if (event && Array.isArray(event.lists)) handlers.onEvent(event);
          } catch {
            /* not a push event: ignore */
          }
        }
      }
    } catch (err) {
      if (signal.aborted) return;
      console.warn('[live] event stream dropped', err);
    }
    if (signal.aborted) return;
    failures += 1;
    await deps.sleep(backoffMs(failures), signal).catch(() => undefined);
  }
}
