import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectListRowsInStep } from '../helpers/list-rows-check.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);

describe.each(testDialects())('tasks under concurrency on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
  });
  // after every change this suite made, the lists' copies of the processes are in step.
  afterAll(async () => {
    try {
      await expectListRowsInStep(t);
    } finally {
      await t?.close();
    }
  });

  const startLeave = async () => (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
  const taskOf = async (account: string, processId: string) =>
    (await w.todo(account)).entities.find((x: { process: { id: string } }) => x.process.id === processId);

  it('lets one of many simultaneous actions on a task win; the process moves once', async () => {
    const p = await startLeave();
    const task = await taskOf('lisi', p.id);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        w.act('lisi', task.id, i % 2 ? 'approve' : 'reject', { 'idempotency-key': `race-${i}` }, 'no'),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().ecode === 'TASK_ALREADY_HANDLED')).toBe(
      true,
    );
    const tasks = await t.ctx.db.selectFrom('tasks').select(['id', 'status']).where('process_id', '=', p.id).execute();
    expect(tasks.filter((x) => x.status === 'done')).toHaveLength(1);
    const completed = await t.ctx.db
      .selectFrom('events')
      .select('id')
      .where('task_id', '=', task.id)
      .where('type', '=', 'task.completed')
      .execute();
    expect(completed).toHaveLength(1);
  });

  it('settles a withdraw racing an approval without errors or a half-applied state', async () => {
    for (let round = 0; round < 3; round += 1) {
      const p = await startLeave();
      const task = await taskOf('lisi', p.id);
      const [withdrawn, approved] = await Promise.all([
        w.call('zhangsan', 'POST', `/api/process/${p.id}`, { action: 'withdraw' }),
        w.act('lisi', task.id, 'approve'),
      ]);
      expect([withdrawn.statusCode, approved.statusCode].sort()).toEqual([200, 409]);
      const row = await t.ctx.db
        .selectFrom('processes')
        .select('status')
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow();
      const open = await t.ctx.db
        .selectFrom('tasks')
        .select('assignee_id')
        .where('process_id', '=', p.id)
        .where('status', '=', 'todo')
        .execute();
      if (withdrawn.statusCode === 200) {
        expect(row.status).toBe('withdrawn');
        expect(open).toHaveLength(0);
      } else {
        expect(row.status).toBe('doing');
        expect(open.map((x) => x.assignee_id)).toEqual(['u-wangwu']);
      }
    }
  });

  it('gives simultaneous starts unique serial numbers', async () => {
    const started = await Promise.all(Array.from({ length: 8 }, () => w.start('zhangsan', 'leave', leaveData)));
    expect(started.every((r) => r.statusCode === 200)).toBe(true);
    const entries = started.map((r) => r.json().entities[0].entry as string);
    expect(new Set(entries).size).toBe(8);
  });
});
