import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectListRowsInStep } from '../helpers/list-rows-check.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

/**
 * Only open tasks carry their process's list columns (migrations/026-open-task-list-rows.ts): a task action no
 * longer rewrites the process's closed tasks (and their to-do index entries), and a task that becomes open again
 * takes its process's columns as they are at that moment.
 */
describe.each(testDialects())('list columns of open tasks only (%s)', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  let clock = 1_900_000_000;
  let processId: string;
  let firstTask: string;
  const copyOf = async (taskId: string) =>
    await t.ctx.db
      .selectFrom('tasks')
      .select(['status', 'p_updated_at', 'p_name'])
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => clock });
    w = workflowClient(t);
  });
  afterAll(async () => {
    try {
      await expectListRowsInStep(t);
    } finally {
      await t?.close();
    }
  });

  it('leaves a closed task as it was when the process moves on', async () => {
    const started = clock;
    processId = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0].id;
    firstTask = (
      await t.ctx.db
        .selectFrom('tasks')
        .select('id')
        .where('process_id', '=', processId)
        .where('status', '=', 'todo')
        .executeTakeFirstOrThrow()
    ).id;
    clock += 10;
    expect((await w.act('lisi', firstTask, 'approve')).statusCode).toBe(200);

    // The approval changed the process (its last change): the open task has it, the closed one was not rewritten.
    const next = await t.ctx.db
      .selectFrom('tasks')
      .select('id')
      .where('process_id', '=', processId)
      .where('status', '=', 'todo')
      .executeTakeFirstOrThrow();
    expect(Number((await copyOf(next.id)).p_updated_at)).toBe(started + 10);
    const closed = await copyOf(firstTask);
    expect(closed.status).toBe('done');
    expect(Number(closed.p_updated_at)).toBe(started);
  });

  it("shows a reopened task with its process's current columns", async () => {
    // An operator's SQL (nothing in the API reopens a task): rename the process, then reopen its closed task.
    clock += 10;
    await sql`update processes set name = ${'改名后的请假'}, updated_at = ${clock} where id = ${processId}`.execute(
      t.ctx.db,
    );
    expect((await copyOf(firstTask)).p_name).not.toBe('改名后的请假');
    await sql`update tasks set status = 'todo', action_id = null, action_time = null where id = ${firstTask}`.execute(
      t.ctx.db,
    );

    const todo = await w.todo('lisi', '?limit=100');
    const row = todo.entities.find((x: { id: string }) => x.id === firstTask);
    expect(row, JSON.stringify(todo.entities.map((x: { id: string }) => x.id))).toBeDefined();
    expect(row.process).toMatchObject({ id: processId, name: '改名后的请假' });
  });
});
