import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

// A graceful stop (SIGTERM) closes the checkpoint worker, then Redis and the database, then logs "stopped". The
// worker is unref'd so it never keeps a process alive by itself; when close() waited for its exit with nothing else
// left on the event loop, Node ended the process right there: the database was never closed and "stopped" never
// logged (the release bundle's stop test failed on exactly that). Run in a process of its own, as the server is.
const module = path.resolve(import.meta.dirname, '../../src/db/wal-checkpointer.ts');

describe('WAL checkpoint worker', () => {
  it('lets a process whose only work left is closing it finish what comes after close()', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sh-ckpt-'));
    const file = path.join(dir, 'x.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('create table t (x)');
    db.close();
    const script = `import { startWalCheckpointer } from ${JSON.stringify(module)};
      const c = startWalCheckpointer(${JSON.stringify(file)}, () => {});
      await c.checkpointNow();
      await c.close();
      console.log('after close');`;
    fs.writeFileSync(path.join(dir, 'stop.mjs'), script);
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, 'stop.mjs')], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    // Node's code 13: the top-level await never settled, the process ended while waiting in close().
    expect({ status: run.status, stdout: run.stdout.trim() }, run.stderr).toEqual({ status: 0, stdout: 'after close' });
  });
});
