import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { countRows, workflowClient } from '../helpers/workflow-helpers.ts';

const trip = {
  destination: '上海',
  period: { start: '2026-12-01', end: '2026-12-03' },
  transport: 'train',
  estimatedCost: 2600,
  purpose: '参加会议',
};

/**
 * A computed field (出差审批's days, counted from its date range) is filled in by the server when a client of the API
 * leaves it out: the record and the approver's detail show the same number the apply page would have sent. A number
 * the client does send is still checked, never silently replaced.
 */
describe.each(testDialects())('computed fields through the API (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fills in the days an API client left out', async () => {
    const w = workflowClient(t);
    const started = await w.start('zhangsan', 'business-trip', trip);
    expect(started.statusCode, started.body).toBe(200);
    const detail = (await w.detail('zhangsan', started.json().entities[0].id)).json().entities[0];
    expect(detail.data).toMatchObject({ period: { start: '2026-12-01', end: '2026-12-03' }, days: 3 });
  });

  it("refuses a wrong number in the member's language and starts nothing", async () => {
    const w = workflowClient(t);
    const before = await countRows(t, 'processes');
    const zh = await w.start('zhangsan', 'business-trip', { ...trip, days: 5 });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ ecode: 'VALIDATION_FAILED', details: [{ field: 'days' }] });
    expect(JSON.stringify(zh.json())).toContain('应为 3');
    const en = await w.start('zhangsan', 'business-trip', { ...trip, days: 5 }, { 'accept-language': 'en' });
    expect(JSON.stringify(en.json())).toContain('must be 3');
    expect(await countRows(t, 'processes')).toBe(before);
  });

  it('still asks for the days while the dates cannot be counted', async () => {
    const w = workflowClient(t);
    const r = await w.start('zhangsan', 'business-trip', {
      ...trip,
      period: { start: '2026-12-03', end: '2026-12-01' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ecode: 'VALIDATION_FAILED' });
    expect(r.json().details.map((d: { field: string }) => d.field)).toContain('days');
  });
});
