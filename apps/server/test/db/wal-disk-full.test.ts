import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { multipartBody, samplePdf } from '../helpers/sample-files.ts';
import { SmallVolume } from '../helpers/small-volume.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const MB = 1024 * 1024;

// The SQLite file on a real 32 MB volume with a reserve of 8 MB. A backup holds an old snapshot while one person
// uploads (the checkpoint cannot copy past it), then something else fills the volume to the last byte. Freeing
// as much as the reserve must be enough for writes to work again: the checkpoint that restarts the WAL must not
// need more room than that.
describe('recovering from a full disk under SQLite', () => {
  let volume: SmallVolume;
  let t: TestApp;
  beforeAll(async () => {
    volume = new SmallVolume(32);
    t = await createTestApp({
      sqliteDir: volume.dir,
      env: {
        SEED: 'demo',
        DISK_RESERVE_BYTES: '8MB',
        UPLOAD_BYTES_PER_HOUR: 'off',
        UPLOAD_UNATTACHED_BYTES: 'off',
        START_QUOTA: 'off',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    volume?.close();
  });

  it('writes again once as much as the reserve is freed', async () => {
    const w = workflowClient(t);
    const backup = new SQLite(t.database.file!, { readonly: true });
    backup.exec('begin');
    backup.prepare('select count(*) from attachments').get();
    const file = multipartBody('scan.pdf', 'application/pdf', Buffer.concat([samplePdf, Buffer.alloc(2 * MB, 7)]));
    const uploads: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/attachment?code=leave&field=certificate',
        headers: { ...(await t.auth('wangwu')), 'content-type': file.contentType },
        payload: file.body,
      });
      uploads.push(res.statusCode);
      if (res.statusCode !== 200) break;
    }
    backup.exec('commit');
    backup.close();
    volume.fill();
    const whileFull = (await w.start('zhangsan', 'leave', leaveData)).statusCode;
    volume.release(8 * MB);
    const after: number[] = [];
    for (let i = 0; i < 30; i++)
      after.push((await w.start('zhangsan', 'leave', { ...leaveData, reason: 'x'.repeat(200) })).statusCode);
    console.info(
      `uploads ${uploads.join(' ')}; a start with the volume full: ${whileFull}; 30 starts after freeing 8 MB: ${after.join(' ')}; free ${(volume.free() / MB).toFixed(1)} MB`,
    );
    expect(after.filter((s) => s !== 200)).toEqual([]);
  });
});
