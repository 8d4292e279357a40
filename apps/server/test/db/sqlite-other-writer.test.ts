import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

/**
 * Another program writes to the SQLite file while the server runs: an operator's sqlite3 shell, a maintenance
 * script, the end-to-end suite's bulk seeding. A fresh-clone CI run saw an approval answered 503
 * SERVICE_UNAVAILABLE while the 5,000-task spec seeded the same file: a transaction begun with a plain (deferred)
 * `begin` reads first, and when another connection commits before its first write, SQLite refuses that write at
 * once with SQLITE_BUSY_SNAPSHOT — the busy timeout never applies. The server's transactions must take the write
 * lock when they begin, so another writer makes them wait instead of fail.
 */
describe('an approval while another program writes to the SQLite file', () => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  let other: Database.Database;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    w = workflowClient(t);
    other = new Database(t.database.file!);
    other.pragma('busy_timeout = 0');
    other.exec('create table other_program (note text)');
  });
  afterAll(async () => {
    other?.close();
    await t?.close();
  });

  it("succeeds when the other program commits between the approval's first read and its first write", async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = (await w.todo('lisi')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);

    // The other program writes as soon as the approval's transaction has begun and run its first statement. If the
    // server holds the write lock by then, the other program is the one told to wait (it retries afterwards).
    let sinceBegin = -1;
    let refused = 0;
    const stop = t.database.observeStatements!((sqlText) => {
      if (/^begin/i.test(sqlText)) sinceBegin = 0;
      else if (sinceBegin >= 0 && ++sinceBegin === 2) {
        sinceBegin = -1;
        try {
          other.prepare('insert into other_program (note) values (?)').run('during the approval');
        } catch (error) {
          expect((error as { code?: string }).code).toBe('SQLITE_BUSY');
          refused++;
        }
      }
    });
    let answer;
    try {
      answer = await w.act('lisi', task.id, 'approve');
    } finally {
      stop();
    }
    expect(answer.statusCode, answer.body).toBe(200);
    if (refused) other.prepare('insert into other_program (note) values (?)').run('after the approval');
    expect(other.prepare('select count(*) as n from other_program').get()).toEqual({ n: 1 });
    const detail = (await w.call('zhangsan', 'GET', `/api/process/${p.id}`)).json();
    expect(JSON.stringify(detail)).toContain('lisi');
  });

  it("answers 503 in the reader's language while the other program holds the file past the busy timeout, then applies the retry once", async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = (await w.todo('lisi')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    other.exec('begin immediate');
    let refused;
    try {
      refused = await w.act('lisi', task.id, 'approve', { 'accept-language': 'en' });
    } finally {
      other.exec('commit');
    }
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      ecode: 'SERVICE_UNAVAILABLE',
      error: 'The service is temporarily unavailable',
    });
    expect(
      (await w.todo('lisi')).entities.some((x: { id: string }) => x.id === task.id),
      'still to do',
    ).toBe(true);

    expect((await w.act('lisi', task.id, 'approve')).statusCode).toBe(200);
    expect((await w.todo('lisi')).entities.some((x: { id: string }) => x.id === task.id)).toBe(false);
  }, 30_000);
});
