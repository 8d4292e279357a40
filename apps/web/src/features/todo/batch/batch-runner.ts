/** One ticked task sent in a batch. */
export interface BatchItem {
  taskId: string;
  /** Serial number of the task's process, shown beside a failure. */
  entry: string;
}

export interface BatchFailure extends BatchItem {
  error: string;
}

/** Sends one item; rejects with an error (ideally carrying `status`) when the item fails. */
export type SendItem = (taskId: string, actionId: string, idempotencyKey: string) => Promise<unknown>;

interface KeyEntry {
  actionId: string;
  key: string;
}

/**
 * Idempotency keys of batch items. An item keeps its key across the client's automatic retries and across a
 * user retry whose earlier outcome is unknown (network failure or 5xx), so a task is never acted on twice.
 * A definite refusal (4xx) means nothing happened, so the item gets a fresh key; so does a change of action,
 * whose body differs.
 */
export class IdempotencyKeys {
  private readonly keys = new Map<string, KeyEntry>();

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key to send for this task and action. */
  keyFor(taskId: string, actionId: string): string {
    const known = this.keys.get(taskId);
    if (known && known.actionId === actionId) return known.key;
    const entry = { actionId, key: this.newKey() };
    this.keys.set(taskId, entry);
    return entry.key;
  }

  /** Records an item's outcome: forget the key once the outcome is known. */
  settle(taskId: string, error?: unknown): void {
    if (error === undefined || isDefiniteRefusal(error)) this.keys.delete(taskId);
  }
}

function isDefiniteRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  // status 0 is a network failure; a 2xx carrying errno ≠ 0 and a 4xx are answers from the server.
  return typeof status === 'number' && status > 0 && status < 500;
}

export interface BatchOptions {
  items: readonly BatchItem[];
  actionId: string;
  send: SendItem;
  keys: IdempotencyKeys;
  /** Called after every item with the percentage done (100/N per item). */
  onProgress?: (percent: number) => void;
  /** Turns an error into the text shown to the user. */
  describe?: (error: unknown) => string;
}

export interface BatchResult {
  succeeded: string[];
  failures: BatchFailure[];
}

/** Sends the items one after another; each succeeds or fails on its own. */
export async function runBatch({ items, actionId, send, keys, onProgress, describe = describeError }: BatchOptions): Promise<BatchResult> {
  const succeeded: string[] = [];
  const failures: BatchFailure[] = [];
  const step = items.length ? 100 / items.length : 100;
  for (const [i, item] of items.entries()) {
    try {
      await send(item.taskId, actionId, keys.keyFor(item.taskId, actionId));
      keys.settle(item.taskId);
      succeeded.push(item.taskId);
    } catch (error) {
      keys.settle(item.taskId, error);
      failures.push({ ...item, error: describe(error) });
    }
    onProgress?.(Math.min(100, Math.round(step * (i + 1) * 100) / 100));
  }
  if (items.length === 0) onProgress?.(100);
  return { succeeded, failures };
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
