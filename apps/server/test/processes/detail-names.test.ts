import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { builtinDefinitionTemplates } from '@service-hall/engine';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Named = { id: string; name: string };
type Detail = {
  data: Record<string, unknown>;
  dataNames: Record<string, string>;
  tasks: Array<{ id: string; status: string; actionName: string; actionUser: Named | null; handedTo: Named | null }>;
  diagram: Array<{ id: string; kind: string; status: string; users: Named[] }>;
};

/**
 * What the detail page shows of a process whose form has a person and a department field, whose flow copies the
 * department head in a cc step, and whose first task was transferred (转办): names, not accounts or ids; who now
 * holds or decided the step; to whom the copy went.
 */
describe.each(testDialects())('the detail names people, departments, transfers and copies on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  const ids: Record<string, string> = {};
  const detail = async (account: string, id: string, lang: string) =>
    (await w.call(account, 'GET', `/api/process/${id}`, undefined, { 'accept-language': lang })).json()
      .entities[0] as Detail;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    w = workflowClient(t);
    for (const u of await t.ctx.db.selectFrom('users').select(['id', 'account']).execute()) ids[u.account] = u.id;
    const def = structuredClone(builtinDefinitionTemplates[0]) as Json; // leave
    def.form.schema.properties.backup = { type: 'string', 'x-kind': 'person' };
    def.form.schema.properties.dept = { type: 'string', 'x-kind': 'department' };
    def.form.fieldLabels.backup = { zh: '代班人', en: 'Cover' };
    def.form.fieldLabels.dept = { zh: '去向部门', en: 'Department' };
    // A copy to the applicant's department head between the counsellor and the head.
    def.steps[0].actions[0].to = 'notify';
    def.steps.splice(1, 0, {
      id: 'notify',
      kind: 'cc',
      name: { zh: '抄送院系', en: 'Copy the department' },
      assignee: { type: 'departmentHead' },
      mode: 'any',
      actions: [{ id: 'next', name: { zh: '继续', en: 'Continue' }, to: 'head' }],
    });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/admin/definitions',
      headers: { ...(await t.auth('admin')), 'content-type': 'application/json' },
      payload: JSON.stringify({ definition: def }),
    });
    expect(r.statusCode, r.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows person and department fields by name in the reader's language and keeps the account and id in data", async () => {
    const p = (await w.start('zhangsan', 'leave', { ...leaveData, backup: 'zhaoliu', dept: 'finance' })).json()
      .entities[0];
    const zh = await detail('zhangsan', p.id, 'zh');
    expect(zh.data).toMatchObject({ backup: 'zhaoliu', dept: 'finance' });
    expect(zh.dataNames).toEqual({ backup: '赵六', dept: '财务处' });
    expect((await detail('zhangsan', p.id, 'en')).dataNames).toEqual({ backup: 'Zhao Liu', dept: 'Finance Office' });
  });

  it('after a transfer names the new holder and whom it went to; a copy node names whom it copied', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = ((await w.todo('lisi')).entities as Array<{ id: string; process: { id: string } }>).find(
      (x) => x.process.id === p.id,
    )!;
    const moved = await w.call('lisi', 'POST', `/api/task/${encodeURIComponent(task.id)}/transfer`, {
      toUserId: ids.zhaoliu!,
      reason: '出差',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const before = await detail('zhangsan', p.id, 'en');
    expect(before.tasks.find((x) => x.id === task.id)).toMatchObject({
      actionUser: { name: 'Li Si' },
      handedTo: { name: 'Zhao Liu' },
    });
    expect(before.diagram.find((n) => n.id === 'counsellor')!.users.map((u) => u.name)).toEqual(['Zhao Liu']);
    expect(before.diagram.find((n) => n.id === 'notify')).toMatchObject({
      kind: 'cc',
      status: 'upcoming',
      users: [{ name: 'Wang Wu' }],
    });

    const next = ((await w.todo('zhaoliu')).entities as Array<{ id: string; process: { id: string } }>).find(
      (x) => x.process.id === p.id,
    )!;
    expect((await w.act('zhaoliu', next.id, 'approve')).statusCode).toBe(200);
    const after = await detail('zhangsan', p.id, 'zh');
    expect(after.diagram.find((n) => n.id === 'counsellor')).toMatchObject({
      status: 'done',
      users: [{ name: '赵六' }],
    });
    // The copy went to the applicant's department head (王五), who now also holds the next step.
    expect(after.diagram.find((n) => n.id === 'notify')).toMatchObject({
      kind: 'cc',
      status: 'done',
      users: [{ name: '王五' }],
    });
    expect(after.tasks.find((x) => x.id === next.id)!.handedTo).toBeNull();
  });
});
