import { openDatabase } from '../../apps/server/src/db/database.ts';
import { signTokens } from './lib/tokens.ts';

export interface PushResult {
  status: 'ok' | 'missing' | 'failed' | 'skipped';
  note?: string;
  samples: number;
  /** From sending the action to the push event arriving on the other user's stream (commit → push, upper bound). */
  eventMs?: { p50: number; p95: number; max: number };
  /** … and to the other user's refetched done list showing the change (what a browser does on the event). */
  listMs?: { p50: number; p95: number; max: number };
  /** Send → the action's own response: the event usually lands before it, so most of eventMs is the action itself. */
  actionMs?: { p50: number; p95: number; max: number };
  pass?: boolean | null;
}

const SAMPLES = 30;

/**
 * API-level push latency: the owner of a fresh process listens on SSE /api/me/events at `listenUrl`, the task's
 * assignee approves it through `actUrl` (another instance when they differ), and we time the event and the refetch.
 */
export async function benchPush(o: {
  serverUrl: string;
  listenUrl?: string;
  databaseUrl: string;
  publicUrl: string;
}): Promise<PushResult> {
  const listenUrl = o.listenUrl ?? o.serverUrl;
  const handle = await openDatabase(o.databaseUrl);
  const fresh = await handle.db
    .selectFrom('tasks as t')
    .innerJoin('users as a', 'a.id', 't.assignee_id')
    .innerJoin('processes as p', 'p.id', 't.process_id')
    .innerJoin('users as o', 'o.id', 'p.owner_id')
    .select(['t.id', 't.process_id', 'a.account as actor', 'o.account as owner'])
    .where('t.status', '=', 'todo')
    .where('t.id', 'like', 'bf%')
    .orderBy('t.id', 'desc')
    .limit(SAMPLES)
    .execute();
  await handle.close();
  if (fresh.length === 0) return { status: 'skipped', samples: 0, note: 'no fresh tasks left' };
  const tokens = await signTokens(o.databaseUrl, o.publicUrl, [...new Set(fresh.flatMap((t) => [t.actor, t.owner]))]);

  const events: number[] = [];
  const lists: number[] = [];
  const actions: number[] = [];
  for (const t of fresh) {
    const ownerAuth = { authorization: `Bearer ${tokens.get(t.owner)}` };
    const abort = new AbortController();
    const stream = await fetch(`${listenUrl}/api/me/events`, {
      headers: { ...ownerAuth, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (!stream.ok || !stream.body) {
      abort.abort();
      return {
        status: stream.status === 404 ? 'missing' : 'failed',
        samples: 0,
        note: `GET /api/me/events → ${stream.status}`,
      };
    }
    const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
    // Give the server a moment to register the subscription before acting.
    await new Promise((r) => setTimeout(r, 50));
    const sent = performance.now();
    const action = fetch(`${o.serverUrl}/api/task/${t.id}`, {
      method: 'POST',
      body: 'actionId=approve',
      headers: { authorization: `Bearer ${tokens.get(t.actor)}`, 'content-type': 'application/x-www-form-urlencoded' },
    }).then((r) => {
      actions.push(performance.now() - sent);
      return r;
    });
    const arrived = await waitFor(reader, t.process_id, 5_000);
    const answer = await action;
    abort.abort();
    if (!answer.ok) return { status: 'failed', samples: events.length, note: `action → ${answer.status}` };
    if (arrived === null)
      return { status: 'failed', samples: events.length, note: `no push for ${t.process_id} within 5 s` };
    events.push(arrived - sent);
    const list = await fetch(`${listenUrl}/api/me/processes/done?limit=10`, { headers: ownerAuth });
    const body = (await list.json()) as { entities?: Array<{ id: string }> };
    if (!body.entities?.some((p) => p.id === t.process_id))
      return { status: 'failed', samples: events.length, note: 'done list lacks the process' };
    lists.push(performance.now() - sent);
  }
  const listMs = stats(lists);
  return {
    status: 'ok',
    samples: events.length,
    eventMs: stats(events),
    listMs,
    actionMs: stats(actions),
    pass: listMs.p95 <= 500,
  };
}

async function waitFor(
  reader: ReadableStreamDefaultReader<string>,
  processId: string,
  timeoutMs: number,
): Promise<number | null> {
  const timeout = new Promise<null>((r) => setTimeout(() => r(null), timeoutMs));
  const read = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += value;
      if (buffer.includes(processId)) return performance.now();
    }
  })().catch(() => null);
  return Promise.race([read, timeout]);
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}
