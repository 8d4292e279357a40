import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { readDatabaseNowMs } from '../../src/modules/idempotency/idempotency-repository.ts';
import { multipartBody, samplePdf } from '../helpers/sample-files.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

const wallClock = () => Math.floor(Date.now() / 1000);
const UPLOAD = '/api/attachment?code=leave&field=certificate';

/**
 * Two (or three) instances of the server on one database, as behind a load balancer, one of them with its clock
 * two minutes ahead. The first request is an upload whose body the test sends in two halves over a real socket:
 * it holds its Idempotency-Key for as long as the test keeps the second half back.
 */
describe.each(testDialects())('Idempotency-Key leases on %s', (dialect) => {
  let t: TestApp;
  const instances: BuiltApp[] = [];
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await t?.close();
  });

  const instance = async (now: () => number, env: Record<string, string> = {}) => {
    const config = loadConfig({
      DATABASE_URL: t.config.databaseUrl,
      LOG_LEVEL: 'silent',
      SEED: 'none',
      PORT: '8080',
      ...env,
    });
    const built = await buildApp(config, { database: t.database, now });
    instances.push(built);
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    return built;
  };

  const attachments = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('attachments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', 'u-zhangsan')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const keyRow = (key: string) =>
    t.ctx.db
      .selectFrom('idempotency_keys')
      .select(['state', 'lease_expires_at'])
      .where('user_id', '=', 'u-zhangsan')
      .where('key', '=', key)
      .executeTakeFirst();

  /** An upload sent to `on` whose second half goes only when `finish()` is called; `answer` is its response. */
  const slowUpload = async (on: BuiltApp, key: string) => {
    const { body, contentType } = multipartBody('leave.pdf', 'application/pdf', samplePdf);
    const port = (on.app.server.address() as AddressInfo).port;
    const headers = {
      ...(await t.auth('zhangsan')),
      'content-type': contentType,
      'content-length': String(body.length),
      'idempotency-key': key,
    };
    let req!: http.ClientRequest;
    const answer = new Promise<{ status: number; json: { ecode?: string; entities?: Array<{ id: string }> } }>(
      (resolve, reject) => {
        req = http.request({ host: '127.0.0.1', port, method: 'POST', path: UPLOAD, headers }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
        });
        req.on('error', reject);
      },
    );
    req.write(body.subarray(0, 40));
    // Held: the key is claimed (pending) while the rest of the body has not come.
    await vi.waitFor(async () => expect((await keyRow(key))?.state).toBe('pending'), { timeout: 20_000, interval: 20 });
    return { answer, finish: () => req.end(body.subarray(40)) };
  };

  const upload = async (on: BuiltApp, key: string) => {
    const { body, contentType } = multipartBody('leave.pdf', 'application/pdf', samplePdf);
    return on.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: body,
      headers: { ...(await t.auth('zhangsan')), 'content-type': contentType, 'idempotency-key': key },
    });
  };

  it('answers a retry on an instance two minutes ahead 409 while the first request still runs, and stores one file', async () => {
    const first = await instance(wallClock);
    const ahead = await instance(() => wallClock() + 120);
    const before = await attachments();
    const slow = await slowUpload(first, 'lease-live');

    const retry = await upload(ahead, 'lease-live');
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json()).toMatchObject({ ecode: 'IDEMPOTENCY_KEY_IN_USE', error: '相同的请求正在处理中，请稍候' });
    const english = await ahead.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: multipartBody('leave.pdf', 'application/pdf', samplePdf).body,
      headers: {
        ...(await t.auth('zhangsan')),
        'content-type': multipartBody('leave.pdf', 'application/pdf', samplePdf).contentType,
        'idempotency-key': 'lease-live',
        'accept-language': 'en',
      },
    });
    expect(english.json().error).toBe('The same request is still being processed; please wait');

    slow.finish();
    const done = await slow.answer;
    expect(done.status).toBe(200);
    const replay = await upload(ahead, 'lease-live');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().entities[0].id).toBe(done.json.entities![0]!.id);
    expect(await attachments()).toBe(before + 1);
  });

  it('lets a retry take over once the lease has run out by the database clock, and refuses the slow first commit', async () => {
    // The first holder's lease is 1 ms: any first request outlives it, as one that took longer than the lease would.
    const first = await instance(wallClock, { IDEMPOTENCY_LEASE_MS: '1' });
    const ahead = await instance(() => wallClock() + 120);
    const before = await attachments();
    const slow = await slowUpload(first, 'lease-lapsed');
    const { lease_expires_at: expires } = (await keyRow('lease-lapsed'))!;
    await vi.waitFor(async () => expect(await readDatabaseNowMs(t.ctx.db, dialect)).toBeGreaterThan(Number(expires)), {
      timeout: 20_000,
      interval: 5,
    });

    const retry = await upload(ahead, 'lease-lapsed');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();

    // The first request finally arrives whole: its change would be a second file; it is rolled back instead.
    slow.finish();
    const late = await slow.answer;
    expect(late.status).toBe(409);
    expect(late.json.ecode).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await attachments()).toBe(before + 1);
    const replay = await upload(first, 'lease-lapsed');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().entities[0].id).toBe(retry.json().entities[0].id);
  });

  it('measures the lease on the database clock, not on the instance that claimed', async () => {
    const ahead = await instance(() => wallClock() + 120);
    const res = await upload(ahead, 'lease-clock');
    expect(res.statusCode).toBe(200);
    const row = (await keyRow('lease-clock'))!;
    const dbNow = await readDatabaseNowMs(t.ctx.db, dialect);
    // Written as the database's now + 30 s: within 30 s of the database's clock, not 120 s ahead of it.
    expect(Number(row.lease_expires_at)).toBeGreaterThan(dbNow);
    expect(Number(row.lease_expires_at)).toBeLessThanOrEqual(dbNow + 30_000);
  });
});
