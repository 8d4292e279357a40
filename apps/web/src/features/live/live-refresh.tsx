import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import type { PushEvent } from '@service-hall/contracts';

import { authSession } from '../../lib/auth/auth-session.ts';
import { runtimeConfig } from '../../lib/config/runtime-config.ts';
import { countsKeys } from '../../lib/domain/counts.ts';
import { listKeys, processKey, processKeys, type ListName } from '../lists/list-keys.ts';
import { coalesceEvents } from './coalesce-events.ts';
import { runEventStream } from './event-stream.ts';

/** Invalidates what push events name: their lists, the counts and the processes' details — each once. */
export function applyPushEvents(qc: QueryClient, events: readonly PushEvent[]): void {
  const lists = new Set<ListName>(events.flatMap((e) => e.lists));
  // The manage list shows the same processes as doing/done from the administrator's side.
  if (lists.has('doing') || lists.has('done')) lists.add('guest');
  for (const name of lists) void qc.invalidateQueries({ queryKey: listKeys.of(name) });
  void qc.invalidateQueries({ queryKey: countsKeys.all });
  for (const id of new Set(events.map((e) => e.processId).filter(Boolean)))
    void qc.invalidateQueries({ queryKey: processKey(id) });
  if (lists.has('todo')) void qc.invalidateQueries({ queryKey: ['entrust'] });
}

/**
 * The stream is subscribed. Delivery is at-most-once: what changed before this moment reached no event. After a drop
 * everything is refetched. On the first connection, what push events keep fresh (lists, counts, processes,
 * delegations) was read before the subscription — at boot, while the stream connected — so it is refetched once: a
 * task created in that gap otherwise never showed in an open to-do (seen in e2e batch-safety: three new tasks
 * missing for good).
 */
export function refreshAfterOpen(qc: QueryClient, reconnect: boolean): void {
  if (reconnect) {
    void qc.invalidateQueries();
    return;
  }
  for (const queryKey of [listKeys.all, countsKeys.all, processKeys.all, ['entrust']]) {
    // A read still under way (the to-do's first page, requested at boot) is not cancelled, so its rows are not held
    // back; it may have been answered before the subscription, so it is read once more when it has landed.
    const inFlight = new Set(
      qc
        .getQueryCache()
        .findAll({ queryKey, fetchStatus: 'fetching' })
        .map((q) => q.queryHash),
    );
    void qc.invalidateQueries({ queryKey }, { cancelRefetch: false }).then(() => {
      for (const q of qc.getQueryCache().findAll({ queryKey })) {
        if (inFlight.has(q.queryHash)) void qc.invalidateQueries({ queryKey: q.queryKey, exact: true });
      }
    });
  }
}

/** One event (see applyPushEvents). */
export function applyPushEvent(qc: QueryClient, event: PushEvent): void {
  applyPushEvents(qc, [event]);
}

/** Events within this window after the first refetch once, together (push latency target: p95 ≤ 500 ms). */
const COALESCE_MS = 150;

function eventsUrl(): string {
  const cfg = runtimeConfig();
  return cfg.eventsUrl || `${cfg.apiBase.replace(/\/$/, '')}/me/events`;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

// One connection per tab, however many components ask for it (the layout and the list pages both may).
let shared: { users: number; ctrl: AbortController } | null = null;

function acquire(qc: QueryClient): () => void {
  if (!shared) {
    const ctrl = new AbortController();
    shared = { users: 0, ctrl };
    const burst = coalesceEvents<PushEvent>((events) => applyPushEvents(qc, events), COALESCE_MS);
    ctrl.signal.addEventListener('abort', () => burst.cancel(), { once: true });
    void runEventStream(
      ctrl.signal,
      {
        onEvent: (event) => burst.push(event),
        onOpen: (reconnect) => refreshAfterOpen(qc, reconnect),
      },
      {
        fetch: (...args) => globalThis.fetch(...args),
        url: eventsUrl,
        token: () => authSession().getAccessToken(),
        sleep,
      },
    );
  }
  const mine = shared;
  mine.users += 1;
  return () => {
    mine.users -= 1;
    if (mine.users === 0 && shared === mine) {
      mine.ctrl.abort();
      shared = null;
    }
  };
}

/** Subscribes to the signed-in user's push events while the calling component is mounted (shared connection). */
export function useLiveRefresh(enabled = true): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || !authSession().isSignedIn()) return;
    return acquire(qc);
  }, [qc, enabled]);
}

/** Mount once inside the layout (after sign-in); renders nothing. */
export function LiveRefresh({ enabled = true }: { enabled?: boolean }) {
  useLiveRefresh(enabled);
  return null;
}
