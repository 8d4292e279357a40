import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);

// a reject needs a reason, kept as the task's remark; the applicant's notification says
// "rejected", not "finished".
describe.each(testDialects())('rejecting with a reason on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a reject without a reason, records the reason, and tells the applicant it was rejected', async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = (await w.todo('lisi')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);

    const blank = await w.act('lisi', task.id, 'reject', { 'accept-language': 'en' }, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ ecode: 'VALIDATION_FAILED' });
    expect(JSON.stringify(blank.json())).toContain('remark');
    expect(blank.json().error).not.toMatch(/[\u4e00-\u9fff]/);
    const zh = await w.act('lisi', task.id, 'reject', { 'accept-language': 'zh' }, '');
    expect(zh.json().error).toMatch(/[\u4e00-\u9fff]/);

    const done = await w.act('lisi', task.id, 'reject', undefined, '材料不全');
    expect(done.statusCode, done.body).toBe(200);
    const detail = (await w.call('zhangsan', 'GET', `/api/process/${p.id}`)).json().entities[0];
    expect(detail.status).toBe('rejected');
    expect(detail.tasks.find((x: { id: string }) => x.id === task.id)).toMatchObject({
      status: 'done',
      remark: '材料不全',
    });

    const infos = (await w.call('zhangsan', 'GET', '/api/me/notifications?limit=50')).json().entities;
    const finished = infos.find(
      (n: { type: string; process: { id: string } }) => n.type === 'process.finished' && n.process.id === p.id,
    );
    expect(finished.process.status).toBe('rejected');
  });
});
