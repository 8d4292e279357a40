import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectListRowsInStep } from '../helpers/list-rows-check.ts';
import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { workflowClient } from '../helpers/workflow-helpers.ts';

/**
 * A task an external system pushes onto a running process is a change of that process: the applicant's doing list
 * shows it as the process's last change and orders by it. CI once saw the participants' "last change" one second
 * after their process's when the push crossed a second boundary (the participants were touched, the process not):
 * a clock moved by hand makes that boundary certain here.
 */
describe.each(testDialects())("integration API: a pushed task is the process's last change (%s)", (dialect) => {
  let t: TestApp;
  let clock = 1_900_000_000;
  let finance: string;
  const put = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${finance}` }, payload });

  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => clock });
    await registerSystemClient(t, { systemId: 'sys-cwxt', clientId: 'finance-client' });
    finance = await systemTokenFor(t, 'finance-client');
  });
  afterAll(async () => {
    try {
      await expectListRowsInStep(t);
    } finally {
      await t?.close();
    }
  });

  it("moves the doing row's update time and order, and the detail's, to the push", async () => {
    const opened = await put('/api/integration/processes/LC-1', {
      app: 'invoice',
      owner: 'zhangsan',
      name: '报销单 LC-1',
      uri: 'https://finance.example.edu/bx/lc1',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const started = clock;
    clock += 5;
    const pushed = await put('/api/integration/tasks/LC-1-T1', {
      process: 'LC-1',
      assignee: 'lisi',
      name: '财务初审',
      uri: 'https://finance.example.edu/bx/lc1/review',
    });
    expect(pushed.statusCode, pushed.body).toBe(200);

    const doing = (
      await workflowClient(t).call('zhangsan', 'GET', '/api/me/processes/doing?order=update&keyword=LC-1')
    ).json();
    expect(doing.entities[0]).toMatchObject({ name: '报销单 LC-1', create: started, update: started + 5 });
    const processId = doing.entities[0].id as string;
    const detail = (await workflowClient(t).detail('zhangsan', processId)).json();
    expect(detail.entities[0].update).toBe(started + 5);

    // The task finished by the system a moment later: its actor joins, with the same last change as the process.
    clock += 3;
    const done = await put('/api/integration/tasks/LC-1-T1', {
      process: 'LC-1',
      assignee: 'lisi',
      name: '财务初审',
      uri: 'https://finance.example.edu/bx/lc1/review',
      status: 'done',
    });
    expect(done.statusCode, done.body).toBe(200);
    const lisi = (
      await workflowClient(t).call('lisi', 'GET', '/api/me/processes/doing?order=update&keyword=LC-1')
    ).json();
    expect(lisi.entities[0]).toMatchObject({ id: processId, update: started + 8 });
  });
});
