import type { Db } from '../../src/db/database.ts';
import type { Outcome } from './crash-clients.ts';

/** What the database held before the clients ran: the checker only judges what changed since. */
export interface Baseline {
  processStatus: Map<string, string>;
  taskStatus: Map<string, string>;
  ratedProcesses: Set<string>;
  apps: Map<string, { completed: number; rated: number; rating_sum: number }>;
}

export async function takeBaseline(db: Db): Promise<Baseline> {
  const processes = await db.selectFrom('processes').select(['id', 'status']).execute();
  const tasks = await db.selectFrom('tasks').select(['id', 'status']).execute();
  const ratings = await db.selectFrom('ratings').select('process_id').execute();
  const apps = await db.selectFrom('apps').select(['id', 'completed', 'rated', 'rating_sum']).execute();
  return {
    processStatus: new Map(processes.map((p) => [p.id, p.status])),
    taskStatus: new Map(tasks.map((t) => [t.id, t.status])),
    ratedProcesses: new Set(ratings.map((r) => r.process_id)),
    apps: new Map(
      apps.map((a) => [
        a.id,
        { completed: Number(a.completed), rated: Number(a.rated), rating_sum: Number(a.rating_sum) },
      ]),
    ),
  };
}

export interface CrashFigures {
  operations: number;
  ok: number;
  failed: number;
  unknown: number;
  unknownApplied: number;
  unknownNotApplied: number;
  byKind: Record<string, number>;
  /** Acknowledged (ok) operations whose effect is not stored. */
  lost: number;
  /** Operations stored more than once, or counters and events that count an action twice. */
  duplicated: number;
  /** Refused (failed) operations whose effect is stored anyway. */
  phantom: number;
  /** Events that do not match the stored state (missing, or more than one). */
  eventMismatches: number;
  /** Retries answered from the idempotency store. */
  replayed: number;
  /** Retries refused with 409 IDEMPOTENCY_KEY_IN_USE because a killed attempt left its key pending. */
  stuckKeys: number;
  /** Unknown operations sent again with their key: answered 2xx (replayed or first run) / 409 key in use. */
  resentOk: number;
  resentReplayed: number;
  problems: string[];
}

/** Checks every labelled operation against the stored state, and the event log against the state. */
export async function checkOutcomes(db: Db, baseline: Baseline, outcomes: Outcome[]): Promise<CrashFigures> {
  const problems: string[] = [];
  const f: CrashFigures = {
    operations: outcomes.length,
    ok: 0,
    failed: 0,
    unknown: 0,
    unknownApplied: 0,
    unknownNotApplied: 0,
    byKind: {},
    lost: 0,
    duplicated: 0,
    phantom: 0,
    eventMismatches: 0,
    replayed: 0,
    stuckKeys: 0,
    resentOk: 0,
    resentReplayed: 0,
    problems,
  };
  const processes = await db
    .selectFrom('processes')
    .select(['id', 'app_id', 'owner_id', 'status', 'data', 'rating'])
    .execute();
  const tasks = await db
    .selectFrom('tasks')
    .select(['id', 'process_id', 'assignee_id', 'status', 'action_id', 'action_user_id'])
    .execute();
  const events = await db.selectFrom('events').select(['user_id', 'type', 'process_id', 'task_id']).execute();
  const ratings = await db.selectFrom('ratings').select(['process_id', 'app_id', 'rating']).execute();
  const apps = await db.selectFrom('apps').select(['id', 'completed', 'rated', 'rating_sum']).execute();
  const users = await db.selectFrom('users').select(['id', 'account']).execute();
  const userId = new Map(users.map((u) => [u.account, u.id]));

  const byMarker = new Map<string, number>();
  for (const p of processes) {
    const reason = (JSON.parse(p.data) as { reason?: unknown }).reason;
    if (typeof reason === 'string' && reason.startsWith('crash-'))
      byMarker.set(reason, (byMarker.get(reason) ?? 0) + 1);
  }
  const processById = new Map(processes.map((p) => [p.id, p]));
  const taskById = new Map(tasks.map((t) => [t.id, t]));
  // Events counted by (type, task or process, user): a soak leaves hundreds of thousands of them.
  const eventsBy = new Map<string, number>();
  const bump = (k: string) => eventsBy.set(k, (eventsBy.get(k) ?? 0) + 1);
  for (const e of events) {
    bump(`${e.type}|t|${e.task_id}|${e.user_id}`);
    bump(`${e.type}|t|${e.task_id}`);
    bump(`${e.type}|p|${e.process_id}|${e.user_id}`);
  }
  const eventCount = (type: string, on: 't' | 'p', id: string, user?: string | null) =>
    eventsBy.get(user === undefined ? `${type}|${on}|${id}` : `${type}|${on}|${id}|${user}`) ?? 0;
  const ratingsBy = new Map<string, Array<(typeof ratings)[number]>>();
  for (const r of ratings) ratingsBy.set(r.process_id, [...(ratingsBy.get(r.process_id) ?? []), r]);
  const ratingsOf = (processId: string) => ratingsBy.get(processId) ?? [];

  for (const o of outcomes) {
    f[o.label]++;
    f.byKind[o.op.kind] = (f.byKind[o.op.kind] ?? 0) + 1;
    if (o.replayed) f.replayed++;
    let times: number;
    const op = o.op;
    if (op.kind === 'start') {
      times = byMarker.get(op.marker) ?? 0;
    } else if (op.kind === 'act') {
      const t = taskById.get(op.taskId);
      times =
        t && t.status === 'done' && t.action_id === op.actionId && t.action_user_id === userId.get(op.user) ? 1 : 0;
    } else if (op.kind === 'withdraw') {
      times = processById.get(op.processId)?.status === 'withdrawn' ? 1 : 0;
    } else {
      // A process rated before the run (the demo seed rates some) cannot be rated again.
      times = baseline.ratedProcesses.has(op.processId)
        ? 0
        : ratingsOf(op.processId).filter((r) => r.rating === op.rating).length;
    }
    const what = `${op.kind} ${JSON.stringify(op)} → ${o.label} (${o.status ?? 'no answer'} ${o.ecode ?? ''})`;
    if (times > 1) {
      f.duplicated++;
      problems.push(`applied ${times}×: ${what}`);
    }
    if (o.label === 'ok' && times === 0) {
      f.lost++;
      problems.push(`lost: ${what}`);
    }
    if (o.label === 'failed' && times > 0) {
      f.phantom++;
      problems.push(`refused but stored: ${what}`);
    }
    if (o.label === 'unknown') {
      if (times > 0) f.unknownApplied++;
      else f.unknownNotApplied++;
    }
    if (o.resent?.ecode === 'IDEMPOTENCY_KEY_IN_USE') {
      f.stuckKeys++;
      // A key left pending by a killed attempt: its transaction never committed, so nothing may be stored.
      if (times > 0) {
        f.phantom++;
        problems.push(`pending key but stored: ${what}`);
      }
    }
    if (o.resent && o.resent.status !== null && o.resent.status < 300) {
      f.resentOk++;
      if (o.resent.replayed) f.resentReplayed++;
      if (times !== 1) {
        f.lost++;
        problems.push(`resend acknowledged but stored ${times}×: ${what}`);
      }
    }
  }

  // The event log against the stored state, for everything that changed during the run.
  const mismatch = (msg: string) => {
    f.eventMismatches++;
    problems.push(msg);
  };
  for (const t of tasks) {
    const before = baseline.taskStatus.get(t.id);
    if (before === undefined) {
      const n = eventCount('task.assigned', 't', t.id, t.assignee_id);
      if (n !== 1) mismatch(`task ${t.id}: ${n} task.assigned events`);
    }
    if (before !== undefined && before !== 'todo') continue;
    const owner = processById.get(t.process_id)?.owner_id;
    const completed = eventCount('task.completed', 't', t.id);
    const expected = t.status === 'done' && owner !== t.action_user_id ? 1 : 0;
    if (completed !== expected)
      mismatch(`task ${t.id} (${t.status}): ${completed} task.completed events, expected ${expected}`);
  }
  for (const p of processes) {
    const before = baseline.processStatus.get(p.id);
    if (before !== undefined && before !== 'doing') continue;
    const n = eventCount('process.finished', 'p', p.id, p.owner_id);
    const expected = p.status === 'doing' ? 0 : 1;
    if (n !== expected) mismatch(`process ${p.id} (${p.status}): ${n} process.finished events, expected ${expected}`);
  }

  // Counters kept beside the rows: an action applied twice would count twice.
  for (const a of apps) {
    const base = baseline.apps.get(a.id) ?? { completed: 0, rated: 0, rating_sum: 0 };
    const finished = processes.filter(
      (p) => p.app_id === a.id && p.status === 'completed' && baseline.processStatus.get(p.id) !== 'completed',
    ).length;
    const newRatings = ratings.filter((r) => r.app_id === a.id && !baseline.ratedProcesses.has(r.process_id));
    const sum = newRatings.reduce((s, r) => s + r.rating, 0);
    if (Number(a.completed) - base.completed !== finished) {
      f.duplicated++;
      problems.push(`app ${a.id}: completed +${Number(a.completed) - base.completed}, ${finished} processes completed`);
    }
    if (Number(a.rated) - base.rated !== newRatings.length || Number(a.rating_sum) - base.rating_sum !== sum) {
      f.duplicated++;
      problems.push(`app ${a.id}: rated/rating_sum do not match the ${newRatings.length} new ratings`);
    }
  }
  for (const p of processes) {
    const n = ratingsOf(p.id).length;
    if (n > 1) {
      f.duplicated++;
      problems.push(`process ${p.id} rated ${n}×`);
    }
    if (!baseline.ratedProcesses.has(p.id) && (p.rating !== null) !== (n === 1))
      mismatch(`process ${p.id}: rating column and ratings rows disagree`);
  }
  return f;
}
