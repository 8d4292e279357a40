import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const caller = new AsyncLocalStorage<symbol>();

/**
 * Statements `run` makes the server send to the database (begin and commit included). The observer sees every
 * statement on the database handle, whoever sends it; only those sent from `run`'s own asynchronous context count,
 * so work the app does meanwhile on its own (timers: idempotency and attachment sweeps, revoked-grant refresh, the
 * event streams' check) cannot change the count.
 */
async function statementsDuring(t: TestApp, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const mine = Symbol('request');
  const stop = t.database.observeStatements!((sqlText) => {
    if (caller.getStore() === mine) seen.push(sqlText);
  });
  try {
    await caller.run(mine, run);
  } finally {
    stop();
  }
  return seen;
}

describe.each(testDialects())('statements per task action on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('approves a task in at most 15 statements, each table row written once', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = (await w.todo('lisi')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    await w.call('lisi', 'GET', '/api/me/tasks/todo'); // the caller's account and token are cached, as in use
    // 15: the 14 of the action itself and the notification upsert that merges repeats for the next assignee.
    const seen = await statementsDuring(t, async () =>
      expect((await w.act('lisi', task.id, 'approve')).statusCode).toBe(200),
    );
    expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(15);
    const updates = (table: string) => seen.filter((s) => new RegExp(`^update "${table}"`).test(s)).length;
    expect(updates('processes')).toBe(1);
    expect(updates('process_participants')).toBe(0); // their last change follows the process by trigger

    // The last step: the process finishes in the same single update of its row, participants marked by trigger.
    const last = (await w.todo('wangwu')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    await w.call('wangwu', 'GET', '/api/me/tasks/todo');
    const final = await statementsDuring(t, async () =>
      expect((await w.act('wangwu', last.id, 'approve')).statusCode).toBe(200),
    );
    expect(final.length, final.join('\n')).toBeLessThanOrEqual(15);
    expect(final.filter((s) => /^update "processes"/.test(s))).toHaveLength(1);
    expect(final.filter((s) => /^update "process_participants"/.test(s))).toHaveLength(0);
    const done = (await w.call('lisi', 'GET', '/api/me/processes/done')).json();
    expect(done.entities.find((x: { id: string }) => x.id === p.id)?.status).toBeDefined();
  });
});
