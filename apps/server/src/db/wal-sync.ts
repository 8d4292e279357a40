import { statSync } from 'node:fs';
import fs from 'node:fs/promises';

/**
 * Group commit for SQLite (docs/adr/0007-server-performance.md). The server's connection runs WAL
 * with `synchronous = NORMAL`: a commit writes its frames to the WAL without an fsync, so a commit no longer blocks
 * the event loop (better-sqlite3 is synchronous) for the 2–8 ms of a disk flush. Instead, before a state-changing
 * request is answered, `flush()` makes the WAL durable with fdatasync off the main thread. Every commit that
 * happened before a flush started is covered by it, so many concurrent actions share one disk flush, and nothing
 * is acknowledged before it is on disk: an acknowledged write survives a power cut as it did with FULL.
 */
export interface WalSync {
  /** Resolves once every commit made before this call is on disk (one fdatasync, shared with concurrent callers). */
  flush(): Promise<void>;
  /** Disk flushes done so far (tests, diagnostics). */
  readonly syncs: number;
  close(): Promise<void>;
}

/** `walPath` is the database file's name with `-wal`; `datasync` is replaceable for tests. */
export function createWalSync(walPath: string, datasync = (f: fs.FileHandle) => f.datasync()): WalSync {
  let file: fs.FileHandle | null = null;
  let inode = -1;
  let current: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let syncs = 0;

  async function syncOnce(): Promise<void> {
    // Synchronous: a stat of a file in use is answered from the inode cache in ~3 µs, where the promise's round
    // trip through the thread pool cost 30–40 µs of the main thread and ~50 µs of CPU per flush (docs/adr/0007-server-performance.md).
    const st = statSync(walPath, { throwIfNoEntry: false }) ?? null;
    // No WAL file: the last connection checkpointed it into the database (with fsync) and deleted it.
    if (!st) return;
    // The WAL is deleted and created anew when every connection closed in between: follow the new file.
    if (file === null || st.ino !== inode) {
      await file?.close();
      file = await fs.open(walPath, 'r');
      inode = st.ino;
    }
    await datasync(file);
    syncs += 1;
  }

  function start(): Promise<void> {
    const p: Promise<void> = syncOnce().finally(() => {
      if (current === p) current = null;
    });
    current = p;
    return p;
  }

  return {
    flush() {
      if (!current) return start();
      // A flush already running may have started before the caller's commit: wait for the next one, which every
      // caller arriving meanwhile shares.
      next ??= current
        .catch(() => undefined)
        .then(() => {
          next = null;
          return start();
        });
      return next;
    },
    get syncs() {
      return syncs;
    },
    async close() {
      await current?.catch(() => undefined);
      await next?.catch(() => undefined);
      await file?.close();
      file = null;
    },
  };
}
