import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { countRows, leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const visit = (host: string) => ({
  visitorName: '访客',
  visitorPhone: '13800000000',
  visitDate: '2026-12-01',
  visitors: 1,
  host,
  purpose: '来访',
});

/** Quotas and the visitor's host: what one student could do to the workflow. */
describe('workflow hardening', () => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW, env: { START_QUOTA: '5,8' } });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const delegate = (from: string, body: Record<string, string | number>) =>
    w.call(from, 'POST', `/api/user/${from}/entrustees`, body);

  it('never lets the applicant approve their own request on the approver’s behalf (item 5)', async () => {
    const d = await delegate('lisi', { appId: 'app-leave', entrusteeId: 'zhangsan', from: NOW - 60, to: NOW + DAY });
    expect(d.statusCode, d.body).toBe(200);
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    const task = (await w.todo('lisi')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);
    expect(task).toBeDefined();
    const res = await w.act('zhangsan', task.id, 'approve', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ecode: 'FORBIDDEN', error: expect.stringMatching(/process you started/) });
    expect((await w.detail('zhangsan', p.id)).json().entities[0].myTask).toBeNull();
    // lisi himself still approves it.
    expect((await w.act('lisi', task.id, 'approve')).statusCode).toBe(200);
    await w.call('lisi', 'DELETE', `/api/user/lisi/entrustees/${d.json().entities[0].id}`);
  });

  it('bounds a delegation to between yesterday and a year from now (item 6)', async () => {
    const before = await countRows(t, 'delegations');
    for (const [from, to, field] of [
      [NOW, 9_000_000_000_000, 'to'],
      [NOW, NOW + 400 * DAY, 'to'],
      [NOW - 30 * DAY, NOW + DAY, 'from'],
    ] as const) {
      const res = await delegate('wangwu', { entrusteeId: 'sunba', from, to });
      expect(res.statusCode, `${from}–${to}`).toBe(400);
      expect(res.json()).toMatchObject({ ecode: 'VALIDATION_FAILED', details: [{ field }] });
    }
    expect(await countRows(t, 'delegations')).toBe(before);
    expect((await delegate('wangwu', { entrusteeId: 'sunba', from: NOW - 3600, to: NOW + 365 * DAY })).statusCode).toBe(
      200,
    );
  });

  it('lets the delegate decline a delegation made to them, and nobody else (item 6)', async () => {
    const d = (
      await delegate('qianqi', { appId: 'app-reimburse', entrusteeId: 'zhaoliu', from: NOW, to: NOW + DAY })
    ).json().entities[0];
    expect(
      (await w.call('zhaoliu', 'GET', '/api/user/zhaoliu/entrusters')).json().entities.map((x: { id: string }) => x.id),
    ).toContain(d.id);
    // Another user, another user's path, and a token without entrust_edit are refused; nothing changes.
    expect((await w.call('wushi', 'DELETE', `/api/user/wushi/entrusters/${d.id}`)).statusCode).toBe(404);
    expect((await w.call('wushi', 'DELETE', `/api/user/zhaoliu/entrusters/${d.id}`)).statusCode).toBe(403);
    const readOnly = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/zhaoliu/entrusters/${d.id}`,
      headers: await t.auth('zhaoliu', 'profile entrust'),
    });
    expect(readOnly.statusCode).toBe(403);
    expect((await w.call('qianqi', 'DELETE', `/api/user/qianqi/entrusters/${d.id}`)).statusCode).toBe(404);
    const declined = await w.call('zhaoliu', 'DELETE', `/api/user/zhaoliu/entrusters/${d.id}`);
    expect(declined.statusCode).toBe(200);
    expect(
      (await w.call('zhaoliu', 'GET', '/api/user/zhaoliu/entrusters')).json().entities.map((x: { id: string }) => x.id),
    ).not.toContain(d.id);
    expect(
      (await w.call('qianqi', 'GET', '/api/user/qianqi/entrustees')).json().entities.map((x: { id: string }) => x.id),
    ).not.toContain(d.id);
  });

  it('refuses __proto__ at any depth and undeclared fields with a 400 naming the field (item 7)', async () => {
    const before = await countRows(t, 'processes');
    const cases: Array<[string, string]> = [
      [
        '{"leaveType":"personal","startDate":"2026-11-23","endDate":"2026-11-24","days":2,"reason":"x","__proto__":{"a":1}}',
        '__proto__',
      ],
      [
        '{"leaveType":"personal","startDate":"2026-11-23","endDate":"2026-11-24","days":2,"reason":{"a":[{"__proto__":{"x":1}}]}}',
        'reason.a.0.__proto__',
      ],
      [
        '{"leaveType":"personal","startDate":"2026-11-23","endDate":"2026-11-24","days":2,"reason":"x","extra":"y"}',
        'extra',
      ],
      [
        `{"leaveType":"personal","startDate":"2026-11-23","endDate":"2026-11-24","days":2,"reason":"x","junk":"${'a'.repeat(60_000)}"}`,
        'junk',
      ],
    ];
    for (const [data, field] of cases) {
      const res = await w.call('zhangsan', 'PUT', '/api/process', { code: 'leave', data });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({
        ecode: 'VALIDATION_FAILED',
        details: expect.arrayContaining([expect.objectContaining({ field })]),
      });
    }
    expect(await countRows(t, 'processes')).toBe(before);
  });

  it('lets a visitor form name one member of staff as host, never a student (item 10)', async () => {
    const student = await w.start('liuxiaoming', 'visitor', visit('zhangsan'));
    expect(student.statusCode).toBe(400);
    expect(student.json()).toMatchObject({ ecode: 'VALIDATION_FAILED', details: [{ field: 'host' }] });
    const two = await w.start('liuxiaoming', 'visitor', { ...visit('lisi'), host: ['lisi', 'wangwu'] });
    expect(two.statusCode).toBe(400);
    expect((await w.start('liuxiaoming', 'visitor', visit('lisi'))).statusCode).toBe(200);
  });

  it('caps how many processes of one app a person starts per hour (item 10)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await w.start('liuxiaoming', 'visitor', visit('wangwu'), { 'accept-language': 'en' })).statusCode);
    // One visitor process was started by the test above: four more fit in the hour's five.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429]);
    const refused = await w.start('liuxiaoming', 'visitor', visit('wangwu'), { 'accept-language': 'en' });
    expect(refused.json()).toMatchObject({ ecode: 'RATE_LIMITED', error: expect.stringMatching(/at most 5 an hour/) });
    // Another app is counted on its own.
    expect((await w.start('liuxiaoming', 'leave', leaveData)).statusCode).toBe(200);
  });
});
