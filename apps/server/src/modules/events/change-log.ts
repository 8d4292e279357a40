import { randomUUID } from 'node:crypto';

import type { PushEvent } from '@service-hall/contracts';

import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/event-bus.ts';
import type { Metrics } from '../../platform/metrics.ts';
import { preparedStatement } from '../../platform/prepared-query.ts';

type List = PushEvent['lists'][number];

/**
 * What one change did, for whom. Event rows are written in the change's transaction (they double as
 * notifications); pushes go out only after commit, so nobody is told about a change that rolled back.
 */
export class ChangeLog {
  private readonly rows: Array<{ user_id: string; type: string; task_id: string | null }> = [];
  private readonly pushes = new Map<string, { type: PushEvent['type']; lists: Set<List> }>();
  /** Notification kinds written by write(), counted by publish() once the transaction has committed. */
  private notified: string[] = [];

  /** `senderId`: who caused the change (their repeats to one person merge into one notification); null: unknown. */
  constructor(
    readonly processId: string,
    readonly now: number,
    readonly senderId: string | null = null,
  ) {}

  /** Records an event row for `userId` and pushes a refresh of `lists`. */
  record(userId: string, type: string, taskId: string | null, push: PushEvent['type'], lists: List[]): void {
    this.rows.push({ user_id: userId, type, task_id: taskId });
    this.touch(userId, push, lists);
  }

  /** Pushes a refresh of `lists` to `userId` without a stored event. */
  touch(userId: string, push: PushEvent['type'], lists: List[]): void {
    const entry = this.pushes.get(userId) ?? { type: push, lists: new Set<List>() };
    for (const l of lists) entry.lists.add(l);
    this.pushes.set(userId, entry);
  }

  /** Writes the event rows inside the caller's transaction. */
  async write(trx: Db): Promise<void> {
    const n = this.rows.length;
    if (n === 0) return;
    const values = this.rows.map((r) => ({
      id: randomUUID(),
      user_id: r.user_id,
      type: r.type,
      process_id: this.processId,
      task_id: r.task_id,
      read: 0,
      created_at: this.now,
    }));
    if (n > COMPILED_ROWS) await trx.insertInto('events').values(values).execute();
    else
      await insertEvents[n - 1]!(
        trx,
        Object.fromEntries(values.flatMap((v, i) => eventSlots.map((c) => [`${c}${i}`, v[c]]))),
      );
    const notifying = values.filter((x) => NOTIFYING.has(x.type));
    for (const v of notifying) await upsertNotification(trx, v, this.senderId);
    this.notified = notifying.map((v) => v.type);
  }

  /** Publishes one push event per affected user and counts the notifications written; call after commit. */
  publish({ bus, metrics }: { bus: EventBus; metrics: Metrics }): void {
    for (const kind of this.notified) metrics.notifications.inc({ kind });
    this.notified = [];
    for (const [userId, p] of this.pushes) {
      bus.publish(userId, { type: p.type, processId: this.processId, lists: [...p.lists] });
    }
  }
}

// An action writes one to three event rows: the insert for each row count is compiled once (building
// and compiling it with Kysely on every action cost about as much as running it). More rows (a process copied to
// many people) are built per call.
const COMPILED_ROWS = 4;
const eventSlots = ['id', 'user_id', 'type', 'process_id', 'task_id', 'read', 'created_at'] as const;
const insertEvents = Array.from({ length: COMPILED_ROWS }, (_, k) => {
  const slots = Array.from({ length: k + 1 }, (_, i) => eventSlots.map((c) => `${c}${i}`)).flat();
  return preparedStatement(slots, (db, s) =>
    db
      .insertInto('events')
      .values(
        Array.from({ length: k + 1 }, (_, i) => Object.fromEntries(eventSlots.map((c) => [c, s[`${c}${i}`]])) as never),
      ),
  );
});

/** The event kinds that are notifications (the infos page lists them). */
export const NOTIFICATION_TYPES = ['task.assigned', 'process.finished', 'process.copied', 'process.urged'] as const;
const NOTIFYING = new Set<string>(NOTIFICATION_TYPES);
/** Repeats from one sender of one kind to one person within this many seconds (a clock minute) merge. */
export const NOTIFICATION_MERGE_SECONDS = 60;

/**
 * One notification per recipient, sender, kind and minute: a repeat raises the count, points it at the latest
 * process and makes it unread again. The unique merge key makes the upsert safe across instances (two at once:
 * one inserts, the other counts). An event without a known sender is a notification of its own.
 */
async function upsertNotification(
  trx: Db,
  e: { id: string; user_id: string; type: string; process_id: string; created_at: number },
  senderId: string | null,
): Promise<void> {
  const mergeKey =
    senderId === null
      ? e.id
      : `${e.user_id}|${senderId}|${e.type}|${Math.floor(e.created_at / NOTIFICATION_MERGE_SECONDS)}`;
  await trx
    .insertInto('notifications')
    .values({
      id: e.id,
      user_id: e.user_id,
      sender_id: senderId,
      type: e.type,
      process_id: e.process_id,
      count: 1,
      read: 0,
      created_at: e.created_at,
      merge_key: mergeKey,
    })
    .onConflict((oc) =>
      oc.column('merge_key').doUpdateSet((eb) => ({
        count: eb('notifications.count', '+', 1),
        process_id: eb.ref('excluded.process_id'),
        created_at: eb.ref('excluded.created_at'),
        read: 0,
      })),
    )
    .execute();
}
