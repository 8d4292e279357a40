import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PushEvent } from '@service-hall/contracts';

import { cancelProcess } from '../../src/modules/admin/processes/cancel-process.ts';
import type { ProcessAdminContext } from '../../src/modules/admin/processes/process-admin-context.ts';
import { reassignTask } from '../../src/modules/admin/processes/reassign-task.ts';
import { adminAs, auditOf, refusal } from '../helpers/admin-helpers.ts';
import { expectListRowsInStep } from '../helpers/list-rows-check.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

describe.each(testDialects())('reassigning tasks and cancelling processes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  // after every change this suite made, the lists' copies of the processes are in step.
  afterAll(async () => {
    try {
      await expectListRowsInStep(t);
    } finally {
      await t?.close();
    }
  });

  const as = async (account: string): Promise<ProcessAdminContext> => ({
    ...(await adminAs(t, account)),
    dialect: t.ctx.dialect,
    bus: t.ctx.bus,
    metrics: t.ctx.metrics,
  });
  const call = async (account: string, method: 'GET' | 'POST', url: string, payload?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: {
        ...(await t.auth(account)),
        ...(payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
  const todoIds = async (account: string) =>
    (
      (await call(account, 'GET', '/api/me/tasks/todo?limit=100')).json() as { entities: Array<{ id: string }> }
    ).entities.map((x) => x.id);
  /** An open task of the leave app waiting for lisi. */
  const openLeaveTask = () =>
    t.ctx.db
      .selectFrom('tasks')
      .select(['id', 'process_id'])
      .where('assignee_id', '=', 'u-lisi')
      .where('status', '=', 'todo')
      .where('app_id', '=', 'app-leave')
      .executeTakeFirstOrThrow();

  it("lists processes in the console's language: titles and waiting steps in English, falling back to Chinese", async () => {
    const task = await openLeaveTask();
    const list = async (lang: string) =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/admin/processes?limit=100',
            headers: { ...(await t.auth('admin')), 'accept-language': lang },
          })
        ).json() as { entities: Array<{ id: string; name: string; openTasks: Array<{ id: string; name: string }> }> }
      ).entities.find((p) => p.id === task.process_id)!;
    const [en, zh] = [await list('en'), await list('zh')];
    expect(en.name).toBe('Leave Request');
    expect(zh.name).toBe('请假申请');
    const [enTask, zhTask] = [en.openTasks.find((x) => x.id === task.id)!, zh.openTasks.find((x) => x.id === task.id)!];
    expect(zhTask.name).toMatch(/[\u4e00-\u9fff]/);
    expect(enTask.name).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('hands a stuck task to another person, live, with the reason in the timeline; they can act on it', async () => {
    const task = await openLeaveTask();
    const pushes: PushEvent[] = [];
    const stop = t.ctx.bus.subscribe('u-zhoujiu', (e) => pushes.push(e));
    const newId = await reassignTask(await as('wangwu'), task.id, 'u-zhoujiu', '李四出差两周');
    stop();
    expect(pushes).toEqual([
      expect.objectContaining({ processId: task.process_id, lists: expect.arrayContaining(['todo']) }),
    ]);
    expect(await todoIds('lisi')).not.toContain(task.id);
    expect(await todoIds('zhoujiu')).toContain(newId);

    const detail = (await call('admin', 'GET', `/api/process/${task.process_id}`)).json() as {
      entities: Array<{ tasks: Array<{ id: string; status: string; actionName: string; remark: string }> }>;
    };
    const timeline = detail.entities[0]!.tasks;
    expect(timeline.find((x) => x.id === task.id)).toMatchObject({
      status: 'cancelled',
      actionName: '转办',
      remark: '李四出差两周',
    });
    expect(timeline.find((x) => x.id === newId)).toMatchObject({ status: 'todo' });

    const act = await call('zhoujiu', 'POST', `/api/task/${newId}`, 'actionId=approve');
    expect(act.statusCode, act.body).toBe(200);
    const [audit] = await auditOf(t, task.process_id);
    expect(audit).toMatchObject({
      action: 'process.reassign',
      actor_account: 'wangwu',
      after: { assigneeId: 'u-zhoujiu', reason: '李四出差两周' },
    });
  });

  it("refuses without a reason, outside the administrator's apps, a handled task, or an unknown person", async () => {
    const task = await openLeaveTask();
    expect((await refusal(reassignTask(await as('admin'), task.id, 'u-zhoujiu', '  '))).messageKey).toBe(
      'REASON_REQUIRED',
    );
    expect((await refusal(reassignTask(await as('zhaoliu'), task.id, 'u-zhoujiu', 'x'))).ecode).toBe('FORBIDDEN');
    expect((await refusal(reassignTask(await as('zhangsan'), task.id, 'u-zhoujiu', 'x'))).ecode).toBe('FORBIDDEN');
    expect((await refusal(reassignTask(await as('admin'), task.id, 'u-nobody', 'x'))).messageKey).toBe(
      'ADMIN_USER_NOT_FOUND',
    );
    const done = await t.ctx.db
      .selectFrom('tasks')
      .select('id')
      .where('status', '=', 'done')
      .where('app_id', '=', 'app-leave')
      .executeTakeFirstOrThrow();
    const handled = await refusal(reassignTask(await as('admin'), done.id, 'u-zhoujiu', 'x'));
    expect(handled.ecode === 'TASK_ALREADY_HANDLED' || handled.messageKey === 'PROCESS_NOT_OPEN').toBe(true);
    expect(await todoIds('lisi')).toContain(task.id);
  });

  it('cancels a running process with a reason: tasks closed, starter told, the process ends', async () => {
    const task = await openLeaveTask();
    const owner = await t.ctx.db
      .selectFrom('processes')
      .select(['owner_id'])
      .where('id', '=', task.process_id)
      .executeTakeFirstOrThrow();
    const pushes: PushEvent[] = [];
    const stop = t.ctx.bus.subscribe(owner.owner_id, (e) => pushes.push(e));
    await cancelProcess(await as('admin'), task.process_id, '重复提交');
    stop();
    expect(pushes.map((p) => p.type)).toContain('process.finished');
    expect(await todoIds('lisi')).not.toContain(task.id);
    const row = await t.ctx.db
      .selectFrom('processes')
      .select(['status', 'finished_at'])
      .where('id', '=', task.process_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('withdrawn');
    const closed = await t.ctx.db
      .selectFrom('tasks')
      .select(['status', 'remark'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({ status: 'cancelled', remark: '重复提交' });
    expect((await refusal(cancelProcess(await as('admin'), task.process_id, 'again'))).messageKey).toBe(
      'PROCESS_NOT_OPEN',
    );
    expect((await auditOf(t, task.process_id)).map((a) => a.action)).toContain('process.cancel');
  });
});
