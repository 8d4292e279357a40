import { randomUUID } from 'node:crypto';
import type { PushEvent } from '@service-hall/contracts';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/event-bus.ts';

type List = PushEvent['lists'][number];

/**
 * What one change did, for whom. Event rows are written in the change's transaction (they double as
 * notifications); pushes go out only after commit, so nobody is told about a change that rolled back.
 */
export class ChangeLog {
  private readonly rows: Array<{ user_id: string; type: string; task_id: string | null }> = [];
  private readonly pushes = new Map<string, { type: PushEvent['type']; lists: Set<List> }>();

  constructor(readonly processId: string, readonly now: number) {}

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
    if (this.rows.length === 0) return;
    await trx.insertInto('events').values(this.rows.map((r) => ({
      id: randomUUID(), user_id: r.user_id, type: r.type, process_id: this.processId, task_id: r.task_id,
      read: 0, created_at: this.now,
    }))).execute();
  }

  /** Publishes one push event per affected user; call after commit. */
  publish(bus: EventBus): void {
    for (const [userId, p] of this.pushes) {
      bus.publish(userId, { type: p.type, processId: this.processId, lists: [...p.lists] });
    }
  }
}
