import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints of a SQLite file, off the event loop (docs/adr/0031-sqlite-checkpoints-in-a-worker-action-statements-compiled-on.md).
 * SQLite's auto-checkpoint runs inside the commit that takes the WAL past 1,000 pages, on the connection that made
 * it — the server's only one, whose calls are synchronous: copying ~1,000 pages into the database file and the two
 * fsyncs around it (WAL before, database after) stopped the event loop for 10–200 ms every ~30 task actions, a
 * quarter of the main thread's busy time under an action load (docs/adr/0031-sqlite-checkpoints-in-a-worker-action-statements-compiled-on.md). The server's connection now
 * runs `wal_autocheckpoint = 0`, and a worker thread with its own connection to the same file runs PASSIVE
 * checkpoints: when told that `PAGES_PER_CHECKPOINT`-worth of writes happened (a counter the main thread bumps per
 * state-changing request, in shared memory: no message, no syscall unless the worker sleeps), and at least every
 * `IDLE_CHECKPOINT_MS` for writes nobody counted (sign-in sessions, start-up). A PASSIVE checkpoint never blocks the
 * writer and SQLite restarts the WAL from its start on the next write once everything is copied, as with
 * auto-checkpoints. Durability is unchanged: SQLite syncs the WAL before copying and the database after, whichever
 * connection checkpoints. If the worker fails, the server's connection goes back to auto-checkpoints.
 *
 * A PASSIVE checkpoint copies the frames that exist when it starts; SQLite starts the WAL over only when a write
 * begins with every frame copied. Under a write load that never pauses the server always commits more before the
 * worker has caught up, and the WAL grew without end (411 MB after 6,000 task actions). So once the worker reports
 * more than `MAX_WAL_FRAMES` frames, the next write transaction waits (`beforeWrite`, asynchronously: reads and the
 * event loop go on) for one checkpoint made while nothing new is written; that one copies everything, and the write
 * then starts the WAL over. The wait is one checkpoint of the last few hundred frames, once per bound.
 */
export interface WalCheckpointer {
  /** Counts one write transaction (or a request's worth); wakes the worker every WRITES_PER_CHECKPOINT. */
  wrote(): void;
  /**
   * Called before the server's connection begins a write transaction: nothing, or a promise to wait for when the WAL
   * has passed its bound (the checkpoint that lets this write start the WAL over).
   */
  beforeWrite(): Promise<void> | undefined;
  /** Checkpoints done by the worker so far (tests, diagnostics). */
  readonly checkpoints: number;
  /** Times a write waited for the WAL to be copied whole so that it started the WAL over (tests, metrics). */
  readonly restarts: number;
  /** Checkpoints that failed (disk full, I/O error): the frames stay in the WAL until one succeeds (metrics, tests). */
  readonly failures: number;
  /**
   * Runs one checkpoint now and resolves with SQLite's answer: frames in the WAL (`log`) and of them copied
   * (`checkpointed`; -1 when the checkpoint failed). Uploads use it to see how much the WAL still holds.
   */
  checkpointNow(): Promise<{ busy: number; log: number; checkpointed: number }>;
  close(): Promise<void>;
}

/** Writes between checkpoints: a task action writes ~30 pages, so ~1,000 pages as SQLite's own default. */
export const WRITES_PER_CHECKPOINT = 32;
/** The longest time a counted or uncounted write waits for its checkpoint. */
export const IDLE_CHECKPOINT_MS = 1000;
/** WAL frames (pages; 32 MB at 4 KB) past which the next write waits for the WAL to be copied whole and starts it over. */
export const MAX_WAL_FRAMES = 8192;

// Slots of the shared counter: writes counted, the doorbell the worker sleeps on, stop, checkpoints done, and the
// frames in the WAL at the last checkpoint (copied or not: only a write that begins with all of them copied starts
// the WAL over, and under steady writes none does).
const WRITES = 0;
const BELL = 1;
const STOP = 2;
const DONE = 3;
const FRAMES = 4;
const FAILED = 5;

/** The worker: plain JavaScript (no TypeScript loader in a worker, the same code bundled or not). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const shared = new Int32Array(workerData.shared);
const db = new Database(workerData.file, { fileMustExist: true, timeout: 0 });
// With NORMAL, SQLite syncs the WAL before a checkpoint copies it and the database file after (WAL mode).
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
parentPort.on('message', (m) => { if (m === 'now') parentPort.postMessage({ result: run() }); });
function run() {
  let r;
  try {
    r = checkpoint.get();
  } catch (err) {
    // SQLITE_FULL (the database file could not grow by the pages to copy) or an I/O error: nothing is lost, the
    // frames stay in the WAL and the next checkpoint copies them once there is room. The worker must go on: were it
    // to stop, the server would fall back to checkpoints inside its commits, each failing the same way.
    Atomics.add(shared, ${FAILED}, 1);
    return { busy: 1, log: Atomics.load(shared, ${FRAMES}), checkpointed: -1, error: String(err && err.code || err) };
  }
  Atomics.store(shared, ${FRAMES}, r.log);
  Atomics.add(shared, ${DONE}, 1);
  return r;
}
let bell = Atomics.load(shared, ${BELL});
function loop() {
  // Sleeps until the main thread rings (enough writes) or the idle interval passes; then one PASSIVE checkpoint.
  Atomics.wait(shared, ${BELL}, bell, ${IDLE_CHECKPOINT_MS});
  bell = Atomics.load(shared, ${BELL});
  if (Atomics.load(shared, ${STOP}) === 1) { db.close(); parentPort.close(); return; }
  run();
  // Back to the event loop between checkpoints so a 'now' message is answered.
  setImmediate(loop);
}
loop();
`;

/**
 * `maxFrames`: the WAL bound (MAX_WAL_FRAMES unless smaller is asked for: the disk reserve must hold what a
 * checkpoint of a bounded WAL adds to the database file, app.ts).
 */
export function startWalCheckpointer(
  file: string,
  onError: (err: Error) => void,
  maxFrames = MAX_WAL_FRAMES,
): WalCheckpointer {
  const shared = new Int32Array(new SharedArrayBuffer(6 * 4));
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, shared: shared.buffer } });
  // A checkpointer must not keep the process alive by itself.
  worker.unref();
  let failed = false;
  // Callers of checkpointNow still waiting for the worker's answer.
  const waiting = new Set<(err: Error) => void>();
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      for (const reject of waiting) reject(new Error('the checkpoint worker has stopped'));
      waiting.clear();
      resolve();
    }),
  );
  worker.once('error', (err) => {
    failed = true;
    onError(err);
  });
  let restarts = 0;
  // The WAL size from which writes wait: raised past a checkpoint that could not copy everything (another program
  // holding an old snapshot), so that writes do not each wait for one until the WAL has grown by another bound.
  let waitFrom = maxFrames;
  let catchingUp: Promise<void> | null = null;
  const checkpointNow = (): Promise<{ busy: number; log: number; checkpointed: number }> =>
    new Promise((resolve, reject) => {
      if (failed) return reject(new Error('the checkpoint worker has stopped'));
      // A worker that dies meanwhile never answers: the caller (a write waiting in beforeWrite, an upload) is told
      // instead of waiting for good.
      waiting.add(reject);
      worker.once('message', (m: { result: { busy: number; log: number; checkpointed: number } }) => {
        waiting.delete(reject);
        resolve(m.result);
      });
      worker.postMessage('now');
      // Wakes the worker, which reads its messages between checkpoints.
      Atomics.add(shared, BELL, 1);
      Atomics.notify(shared, BELL);
    });
  const catchUp = async () => {
    try {
      const r = await checkpointNow();
      if (r.log === r.checkpointed) {
        restarts += 1;
        waitFrom = maxFrames;
        // The write this made wait starts the WAL over; the worker's next checkpoint reports the new size.
        Atomics.store(shared, FRAMES, 0);
      } else {
        waitFrom = r.log + maxFrames;
      }
    } catch {
      // The worker stopped: the connection is back on auto-checkpoints (app.ts), nothing to wait for.
    } finally {
      catchingUp = null;
    }
  };
  return {
    beforeWrite() {
      if (failed || Atomics.load(shared, FRAMES) <= waitFrom) return undefined;
      catchingUp ??= catchUp();
      return catchingUp;
    },
    get restarts() {
      return restarts;
    },
    wrote() {
      if (Atomics.add(shared, WRITES, 1) % WRITES_PER_CHECKPOINT === WRITES_PER_CHECKPOINT - 1) {
        Atomics.add(shared, BELL, 1);
        Atomics.notify(shared, BELL);
      }
    },
    get checkpoints() {
      return Atomics.load(shared, DONE);
    },
    get failures() {
      return Atomics.load(shared, FAILED);
    },
    checkpointNow,
    async close() {
      // Held by the event loop until it has exited: unref'd, a process with nothing else left to do (a graceful
      // stop) would end while waiting, before the database is closed and "stopped" logged.
      worker.ref();
      if (!failed) {
        Atomics.store(shared, STOP, 1);
        Atomics.add(shared, BELL, 1);
        Atomics.notify(shared, BELL);
      }
      await exited;
    },
  };
}
