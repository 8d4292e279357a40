import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WRITES_PER_CHECKPOINT } from '../../src/db/wal-checkpointer.ts';
import { createWalSync } from '../../src/db/wal-sync.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

// SQLite group commit (db/wal-sync.ts, docs/adr/0007-server-performance.md): commits without their own fsync, answers to
// state-changing requests only after a shared fdatasync of the WAL.

describe('WAL group sync', () => {
  it('covers a caller with a flush that started after its call, and shares it among concurrent callers', async () => {
    const file = path.join(os.tmpdir(), `service-hall-wal-${randomBytes(4).toString('hex')}-wal`);
    fs.writeFileSync(file, 'x');
    const pending: Array<() => void> = [];
    const sync = createWalSync(
      file,
      () =>
        new Promise<void>((resolve) => {
          pending.push(resolve);
        }),
    );
    try {
      const done: string[] = [];
      const a = sync.flush().then(() => done.push('a'));
      await waitFor(() => pending.length === 1);
      // b and c arrive while a's flush runs: it may have started before their commits, so they need the next one.
      const b = sync.flush().then(() => done.push('b'));
      const c = sync.flush().then(() => done.push('c'));
      pending.shift()!();
      await a;
      expect(done).toEqual(['a']);
      await waitFor(() => pending.length === 1);
      pending.shift()!();
      await Promise.all([b, c]);
      expect(done.sort()).toEqual(['a', 'b', 'c']);
      expect(sync.syncs).toBe(2);
    } finally {
      await sync.close();
      fs.rmSync(file, { force: true });
    }
  });

  it('does nothing when there is no WAL file', async () => {
    const sync = createWalSync(path.join(os.tmpdir(), `service-hall-none-${randomBytes(4).toString('hex')}-wal`));
    await sync.flush();
    expect(sync.syncs).toBe(0);
    await sync.close();
  });
});

describe('the server on a SQLite file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('commits with synchronous=NORMAL and answers a state-changing request only after a WAL flush', async () => {
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(t.ctx.db);
    expect(sync.rows[0]!.synchronous).toBe(1); // 1 = NORMAL
    expect(t.walSync).not.toBeNull();
    const before = t.walSync!.syncs;
    const res = await workflowClient(t).start('zhangsan', 'leave', leaveData);
    expect(res.statusCode).toBe(200);
    expect(t.walSync!.syncs).toBeGreaterThan(before);
  });

  it('never checkpoints inside a commit: a worker thread copies the WAL into the file, off the event loop', async () => {
    // The server's connection has SQLite's auto-checkpoint off (it stopped the event loop for the fsyncs around
    // copying ~1,000 pages, every ~30 actions); the worker checkpoints after every WRITES_PER_CHECKPOINT answers.
    const auto = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(t.ctx.db);
    expect(auto.rows[0]!.wal_autocheckpoint).toBe(0);
    expect(t.checkpointer).not.toBeNull();
    const before = t.checkpointer!.checkpoints;
    const w = workflowClient(t);
    // Starts by several applicants (one applicant's starts are rate-limited).
    const applicants = ['zhangsan', 'zhaoliu', 'sunba', 'zhoujiu', 'qianqi', 'wushi', 'zhengshiyi', 'chenshier'];
    for (let i = 0; i < WRITES_PER_CHECKPOINT; i += 1) {
      expect((await w.start(applicants[i % applicants.length]!, 'leave', leaveData)).statusCode).toBe(200);
    }
    await waitFor(() => t.checkpointer!.checkpoints > before);
    // Everything committed so far is in the database file: a checkpoint now finds the whole WAL copied.
    const now = await t.checkpointer!.checkpointNow();
    expect(now.busy).toBe(0);
    expect(now.checkpointed).toBe(now.log);
  });

  it('does not wait for the disk on reads', async () => {
    const before = t.walSync!.syncs;
    expect((await workflowClient(t).call('zhangsan', 'GET', '/api/me/processes/doing')).statusCode).toBe(200);
    expect(t.walSync!.syncs).toBe(before);
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}
