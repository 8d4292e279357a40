import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pruneKeys } from '../../src/modules/idempotency/idempotency-repository.ts';
import { requestHash } from '../../src/modules/idempotency/run-idempotent.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { countRows, leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const NOW = Math.floor(Date.now() / 1000);

describe.each(testDialects())('Idempotency-Key on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => NOW });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newLeaveTask = async () => {
    const p = (await w.start('zhangsan', 'leave', leaveData)).json().entities[0];
    return (await w.todo('lisi')).entities.find((x: { process: { id: string } }) => x.process.id === p.id);
  };

  it('starts one process for a retried PUT /api/process', async () => {
    const before = await countRows(t, 'processes');
    const key = { 'idempotency-key': 'start-once' };
    const a = await w.start('zhangsan', 'leave', leaveData, key);
    const b = await w.start('zhangsan', 'leave', leaveData, key);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.body).toBe(a.body);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await countRows(t, 'processes')).toBe(before + 1);
  });

  it('scopes keys per user', async () => {
    const before = await countRows(t, 'processes');
    const key = { 'idempotency-key': 'same-key-two-users' };
    await w.start('zhangsan', 'leave', leaveData, key);
    const other = await w.start('liuxiaoming', 'leave', leaveData, key);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await countRows(t, 'processes')).toBe(before + 2);
  });

  it('answers 409 while the first request is still running', async () => {
    const task = await newLeaveTask();
    const key = { 'idempotency-key': `pending-${task.id}` };
    expect((await w.act('lisi', task.id, 'approve', key)).statusCode).toBe(200);
    // Pretend the first request is still in flight.
    await t.ctx.db
      .updateTable('idempotency_keys')
      .set({ state: 'pending' })
      .where('key', '=', key['idempotency-key'])
      .execute();
    const res = await w.act('lisi', task.id, 'approve', key);
    expect(res.statusCode).toBe(409);
    expect(res.json().ecode).toBe('IDEMPOTENCY_KEY_IN_USE');
  });

  it('lets a retry take over a key left pending by a server that died before committing', async () => {
    const task = await newLeaveTask();
    const key = { 'idempotency-key': `orphan-${task.id}` };
    // A claim whose lease has run out and whose transaction never committed: the task is still open.
    const hash = requestHash({
      method: 'POST',
      url: `/api/task/${task.id}`,
      body: { actionId: 'approve', remark: '' },
    });
    await t.ctx.db
      .insertInto('idempotency_keys')
      .values({
        user_id: 'u-lisi',
        key: key['idempotency-key'],
        request_hash: hash,
        state: 'pending',
        response_status: null,
        response_body: null,
        created_at: NOW - 61,
        holder: 'a-dead-server',
        lease_expires_at: 0,
      })
      .execute();
    const res = await w.act('lisi', task.id, 'approve', key);
    expect(res.statusCode, res.body).toBe(200);
    const replay = await w.act('lisi', task.id, 'approve', key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(res.body);
  });

  it('replays a refused first attempt with the same answer', async () => {
    const task = await newLeaveTask();
    const key = { 'idempotency-key': `bad-${task.id}` };
    const first = await w.act('lisi', task.id, 'fly', key);
    expect(first.statusCode).toBe(400);
    const again = await w.act('lisi', task.id, 'fly', key);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const open = await t.ctx.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(open.status).toBe('todo');
  });

  it('replays process actions (rate) without counting twice', async () => {
    const task = await newLeaveTask();
    const processId = task.process.id as string;
    await w.act('lisi', task.id, 'approve');
    const head = (await w.todo('wangwu')).entities.find((x: { process: { id: string } }) => x.process.id === processId);
    await w.act('wangwu', head.id, 'approve');
    const before = await t.ctx.db
      .selectFrom('apps')
      .select('rated')
      .where('id', '=', 'app-leave')
      .executeTakeFirstOrThrow();
    const key = { 'idempotency-key': `rate-${processId}` };
    const a = await w.call('zhangsan', 'POST', `/api/process/${processId}`, { action: 'rate', rating: 3 }, key);
    const b = await w.call('zhangsan', 'POST', `/api/process/${processId}`, { action: 'rate', rating: 3 }, key);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.body).toBe(a.body);
    const after = await t.ctx.db
      .selectFrom('apps')
      .select('rated')
      .where('id', '=', 'app-leave')
      .executeTakeFirstOrThrow();
    expect(Number(after.rated)).toBe(Number(before.rated) + 1);
  });

  it('refuses keys over 100 characters and prunes keys older than a day', async () => {
    const long = await w.start('zhangsan', 'leave', leaveData, { 'idempotency-key': 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    await t.ctx.db
      .insertInto('idempotency_keys')
      .values({
        user_id: 'u-zhangsan',
        key: 'ancient',
        request_hash: 'h',
        state: 'done',
        response_status: 200,
        response_body: '{}',
        created_at: NOW - 2 * 86400,
      })
      .execute();
    expect(await pruneKeys(t.ctx.db, NOW - 86400)).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'ancient').execute();
    expect(left).toHaveLength(0);
    expect(await countRows(t, 'idempotency_keys')).toBeGreaterThan(0);
  });
});
