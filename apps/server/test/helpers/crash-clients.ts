import { randomUUID } from 'node:crypto';

import { sleep } from './crash-server.ts';

/**
 * Clients of the kill test. They talk HTTP to the server child with the web client's retry policy
 * (apps/web/src/lib/http/http.ts: up to 4 retries, 1 s apart, on a network error, 5xx or 429, the same
 * Idempotency-Key on every attempt) and label every state-changing operation:
 * - ok: a 2xx answer — the action is acknowledged and must be stored, once;
 * - failed: a 4xx answer to a request that certainly reached the server only once (no earlier attempt was cut
 *   off), or a replayed 4xx — the action must not be stored;
 * - unknown: every attempt was cut off, or a 4xx came after a cut-off attempt — stored once or not at all.
 */
export const RETRY_COUNT = 4;
export const RETRY_DELAY_MS = 1000;

export type Label = 'ok' | 'failed' | 'unknown';

export type Operation =
  | { kind: 'start'; user: string; marker: string }
  | { kind: 'act'; user: string; taskId: string; actionId: string }
  | { kind: 'withdraw'; user: string; processId: string }
  | { kind: 'rate'; user: string; processId: string; rating: number };

export interface Outcome {
  op: Operation;
  label: Label;
  status: number | null;
  ecode?: string;
  attempts: number;
  replayed: boolean;
  processId?: string;
  /** For unknown operations: sends the same request again, same Idempotency-Key, as a browser that kept it would. */
  resend?: () => Promise<HttpResult | null>;
  /** The answer to that resend, once made. */
  resent?: { status: number | null; ecode?: string; replayed: boolean };
}

export interface HttpResult {
  status: number;
  body: Record<string, unknown> | null;
  replayed: boolean;
}

/** What one attempt got: an HTTP status and the envelope's ecode, or no answer (connection refused or cut, timeout). */
export type Answer = { status: number; ecode?: string } | { status: null };

/**
 * One request with the client's retry policy; `ambiguous` tells whether an earlier attempt may have run. `answered`
 * hears every attempt's answer, retries included.
 */
export async function sendWithRetry(
  url: string,
  init: RequestInit,
  answered?: (a: Answer) => void,
): Promise<{ res: HttpResult | null; attempts: number; ambiguous: boolean }> {
  let ambiguous = false;
  let last: HttpResult | null = null;
  for (let attempt = 0; attempt <= RETRY_COUNT; attempt++) {
    if (attempt > 0) await sleep(RETRY_DELAY_MS);
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch {
      answered?.({ status: null });
      ambiguous = true;
      last = null;
      continue;
    }
    const text = await res.text().catch(() => null);
    if (text === null) {
      answered?.({ status: null });
      ambiguous = true;
      last = null;
      continue;
    }
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    answered?.({ status: res.status, ecode: typeof body?.ecode === 'string' ? body.ecode : undefined });
    last = { status: res.status, body, replayed: res.headers.get('idempotent-replayed') === 'true' };
    if (res.status < 500 && res.status !== 429) return { res: last, attempts: attempt + 1, ambiguous };
    if (res.status >= 500) ambiguous = true;
  }
  return { res: last, attempts: RETRY_COUNT + 1, ambiguous };
}

export interface ClientOptions {
  baseUrl: string;
  token: string;
  user: string;
  role: 'starter' | 'approver';
  /** Shared across clients: task ids already targeted by some operation (one operation per task). */
  targeted: Set<string>;
  record(o: Outcome): void;
  stopped(): boolean;
  random: () => number;
  /** Hears every answer this client gets, retries included. */
  answered?(a: Answer): void;
}

/** Runs random batches until stopped: starters start, withdraw and rate; approvers approve and reject. */
export async function runClient(o: ClientOptions): Promise<void> {
  const mine: string[] = [];
  const headers = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${o.token}`, ...extra });
  const write = async (op: Operation, method: string, path: string, form: Record<string, string>) => {
    const key = randomUUID();
    const { res, attempts, ambiguous } = await sendWithRetry(
      `${o.baseUrl}${path}`,
      {
        method,
        body: new URLSearchParams(form).toString(),
        headers: headers({ 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key }),
      },
      o.answered,
    );
    const label: Label =
      res && res.status < 300
        ? 'ok'
        : res && res.status < 500 && res.status !== 429 && (!ambiguous || res.replayed)
          ? 'failed'
          : 'unknown';
    const entity = (res?.body?.entities as Array<{ id?: string }> | undefined)?.[0];
    const resend = async () =>
      (
        await sendWithRetry(`${o.baseUrl}${path}`, {
          method,
          body: new URLSearchParams(form).toString(),
          headers: headers({ 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key }),
        })
      ).res;
    o.record({
      op,
      label,
      status: res?.status ?? null,
      ecode: res?.body?.ecode as string | undefined,
      attempts,
      replayed: res?.replayed ?? false,
      processId: op.kind === 'start' && label === 'ok' ? entity?.id : undefined,
      ...(label === 'unknown' ? { resend } : {}),
    });
    return { label, entity };
  };
  const read = async (path: string) => {
    const { res } = await sendWithRetry(`${o.baseUrl}${path}`, { headers: headers() }, o.answered);
    return res && res.status === 200 ? ((res.body?.entities as Array<Record<string, unknown>>) ?? []) : [];
  };
  const pick = <T>(list: T[]) => list[Math.floor(o.random() * list.length)]!;

  while (!o.stopped()) {
    const batch: Array<Promise<unknown>> = [];
    if (o.role === 'starter') {
      const starts = 1 + Math.floor(o.random() * 2);
      for (let i = 0; i < starts; i++) {
        const marker = `crash-${randomUUID()}`;
        const data = { leaveType: 'personal', startDate: '2026-11-23', endDate: '2026-11-24', days: 2, reason: marker };
        batch.push(
          write({ kind: 'start', user: o.user, marker }, 'PUT', '/api/process', {
            code: 'leave',
            data: JSON.stringify(data),
          }).then(({ label, entity }) => {
            if (label === 'ok' && entity?.id) mine.push(entity.id);
          }),
        );
      }
      if (mine.length > 0 && o.random() < 0.25) {
        const processId = mine.splice(Math.floor(o.random() * mine.length), 1)[0]!;
        batch.push(
          write({ kind: 'withdraw', user: o.user, processId }, 'POST', `/api/process/${processId}`, {
            action: 'withdraw',
          }),
        );
      }
      if (o.random() < 0.5) {
        const done = (await read('/api/me/processes/done?sep=true&limit=50')).filter(
          (p) => p.status === 'completed' && !o.targeted.has(`rate:${String(p.id)}`) && String(p.id) !== '',
        );
        if (done.length > 0) {
          const processId = String(pick(done).id);
          o.targeted.add(`rate:${processId}`);
          const rating = 1 + Math.floor(o.random() * 5);
          batch.push(
            write({ kind: 'rate', user: o.user, processId, rating }, 'POST', `/api/process/${processId}`, {
              action: 'rate',
              rating: String(rating),
              remark: '',
            }),
          );
        }
      }
    } else {
      const todo = (await read('/api/me/tasks/todo?limit=50')).filter((t) => !o.targeted.has(String(t.id)));
      const count = Math.min(todo.length, 1 + Math.floor(o.random() * 4));
      for (let i = 0; i < count; i++) {
        const task = todo.splice(Math.floor(o.random() * todo.length), 1)[0]!;
        const actions = ((task.actions as Array<{ id: string }>) ?? [])
          .map((a) => a.id)
          .filter((id) => id === 'approve' || id === 'reject');
        if (actions.length === 0) continue;
        const actionId = o.random() < 0.8 && actions.includes('approve') ? 'approve' : pick(actions);
        const taskId = String(task.id);
        o.targeted.add(taskId);
        batch.push(
          write({ kind: 'act', user: o.user, taskId, actionId }, 'POST', `/api/task/${encodeURIComponent(taskId)}`, {
            actionId,
            remark: actionId === 'reject' ? 'crash test' : '',
          }),
        );
      }
    }
    await Promise.all(batch);
    // A person clicks at human speed; this also keeps each user well under the 600/min rate limit.
    await sleep(50 + o.random() * 200);
  }
}
