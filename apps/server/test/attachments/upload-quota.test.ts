import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from '../../src/config.ts';
import { multipartBody, samplePdf } from '../helpers/sample-files.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

// A fixed time a minute into a clock hour, so that no test crosses an hour by accident.
let now = Math.floor(Date.now() / 3_600_000) * 3600 + 60;
const KB = 1024;
const file = multipartBody(
  'scan.pdf',
  'application/pdf',
  Buffer.concat([samplePdf, Buffer.alloc(100 * KB - samplePdf.length, 7)]),
);

// One person's uploads are limited in bytes per clock hour and in bytes held without a submitted form, counted in
// the database, so that one student's loop cannot fill the server's disk.
describe.each(testDialects())('upload quotas on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      now: () => now,
      env: { UPLOAD_BYTES_PER_HOUR: '500KB', UPLOAD_UNATTACHED_BYTES: '300KB' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  const upload = async (account: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/attachment?code=leave&field=certificate',
      headers: { ...(await t.auth(account)), 'content-type': file.contentType, ...headers },
      payload: file.body,
    });
  const remove = async (account: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/attachment/${id}`, headers: await t.auth(account) });
  const held = async (account: string) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('attachments')
          .innerJoin('users', 'users.id', 'attachments.owner_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('users.account', '=', account)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses uploads past the bytes one person holds unattached with 429, naming the limit, until one is removed', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload('zhangsan');
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().entities[0].id);
    }
    const refused = await upload('zhangsan', { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      ecode: 'UPLOAD_QUOTA_EXCEEDED',
      errno: 42920,
      error:
        'Your uploads not yet in a submitted form have reached the limit of 0.3 MB: submit the form or remove attachments you do not need (unsubmitted uploads are deleted after 6 hours)',
    });
    expect((await upload('zhangsan')).json().error).toContain('尚未提交的附件已达 0.3 MB 上限');
    expect(await held('zhangsan')).toBe(3);
    // Somebody else is not held back by zhangsan's uploads.
    expect((await upload('wangwu')).statusCode).toBe(200);
    expect((await remove('zhangsan', ids[0]!)).statusCode).toBe(200);
    expect((await upload('zhangsan')).statusCode).toBe(200);
  });

  it('counts deleted uploads in the hour too, refuses past the hourly bytes saying when, and takes uploads again next hour', async () => {
    // wangwu holds one upload from the test before: 100 KB of this hour's 500 KB.
    for (let i = 0; i < 4; i++) {
      const res = await upload('wangwu');
      expect(res.statusCode, res.body).toBe(200);
      expect((await remove('wangwu', res.json().entities[0].id)).statusCode).toBe(200);
    }
    const refused = await upload('wangwu', { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      ecode: 'UPLOAD_QUOTA_EXCEEDED',
      error:
        'You can upload at most 0.5 MB of attachments an hour and have reached that; please upload again in 59 min',
    });
    expect((await upload('wangwu')).json().error).toBe(
      '您在一小时内最多可上传 0.5 MB 的附件，已达上限，请 59 分钟后再上传',
    );
    now += 3600;
    expect((await upload('wangwu')).statusCode).toBe(200);
  });

  it('lets through exactly what fits of many uploads one person sends at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload('zhaoliu')));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(await held('zhaoliu')).toBe(3);
  });
});

describe('upload quota and disk reserve settings', () => {
  it('default to 200 MB an hour, 100 MB unattached and a 512 MB reserve; take sizes, percentages and off', () => {
    const d = loadConfig({});
    expect(d.uploadQuota).toEqual({ bytesPerHour: 200 * 1024 ** 2, unattachedBytes: 100 * 1024 ** 2 });
    expect(d.diskReserve).toEqual({ bytes: 512 * 1024 ** 2 });
    const c = loadConfig({
      UPLOAD_BYTES_PER_HOUR: '1GB',
      UPLOAD_UNATTACHED_BYTES: 'off',
      DISK_RESERVE_BYTES: '5%',
      DATA_DIR: '/srv/hall',
    });
    expect(c.uploadQuota).toEqual({ bytesPerHour: 1024 ** 3, unattachedBytes: null });
    expect(c.diskReserve).toEqual({ percent: 5 });
    expect(c.dataDir).toBe('/srv/hall');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/hall' }).dataDir).toBeNull();
  });

  it('refuses a value that is no size, naming the setting', () => {
    for (const [name, bad] of [
      ['UPLOAD_BYTES_PER_HOUR', '200 megs'],
      ['UPLOAD_UNATTACHED_BYTES', '-1'],
      ['DISK_RESERVE_BYTES', '150%'],
    ]) {
      expect(() => loadConfig({ [name!]: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ [name!]: bad })).toThrow(new RegExp(name!));
    }
  });
});
