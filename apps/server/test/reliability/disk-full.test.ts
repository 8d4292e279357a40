import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { authorizeUrl, OidcBrowser, pkce, REDIRECT_URI } from '../helpers/oidc-browser.ts';
import { multipartBody, samplePdf } from '../helpers/sample-files.ts';
import { SmallVolume } from '../helpers/small-volume.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

const MB = 1024 * 1024;
const actionOf = (html: string) => /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');

// The SQLite file on a real 24 MB volume with a reserve of 8 MB: one person's uploads stop at the reserve, and when
// something else (a log, a backup) fills the volume to the last byte, people can still sign in, read their to-do
// and act, or are told that storage is full — never a 500.
describe('a full disk under SQLite', () => {
  let volume: SmallVolume;
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  let taskId: string;
  beforeAll(async () => {
    volume = new SmallVolume(24);
    t = await createTestApp({
      sqliteDir: volume.dir,
      env: { SEED: 'demo', DISK_RESERVE_BYTES: '8MB', UPLOAD_BYTES_PER_HOUR: 'off', UPLOAD_UNATTACHED_BYTES: 'off' },
    });
    w = workflowClient(t);
    expect((await w.start('zhangsan', 'leave', leaveData)).statusCode).toBe(200);
    taskId = ((await w.todo('lisi')).entities[0] as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
    volume?.close();
  });

  it('stops taking uploads before free space falls below the reserve, with 507 naming it', async () => {
    const file = multipartBody('scan.pdf', 'application/pdf', Buffer.concat([samplePdf, Buffer.alloc(2 * MB, 7)]));
    let res;
    let accepted = 0;
    for (let i = 0; i < 20; i++) {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/attachment?code=leave&field=certificate',
        headers: { ...(await t.auth('wangwu')), 'content-type': file.contentType, 'accept-language': 'en' },
        payload: file.body,
      });
      if (res.statusCode !== 200) break;
      accepted += 1;
    }
    console.info(`2 MB uploads accepted: ${accepted}; free space left: ${(volume.free() / MB).toFixed(1)} MB`);
    expect(res!.statusCode).toBe(507);
    expect(res!.json()).toMatchObject({
      ecode: 'DISK_RESERVE_REACHED',
      errno: 50701,
      error:
        'The server is nearly out of storage (it keeps 8 MB free), so uploads are paused; viewing and handling tasks still work. Please upload later',
    });
    expect(accepted).toBeGreaterThan(0);
    expect(volume.free()).toBeGreaterThanOrEqual(6 * MB);
  });

  it('keeps sign-in, the to-do list and task actions answering 200 or 503 when the volume is full, never 500', async () => {
    volume.fill();
    expect(volume.free()).toBe(0);
    const { verifier, challenge } = pkce();
    const browser = new OidcBrowser(t.app, { accept: 'text/html', 'accept-language': 'en' });
    const page = await browser.follow(
      await browser.request(
        'GET',
        authorizeUrl({ response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' }),
      ),
    );
    let signIn = page.statusCode;
    if (page.statusCode === 503) {
      // The sign-in could not be saved: a page saying why, and when to come back.
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain(
        'The server cannot read or store data right now (database unreachable, or disk full or failing)',
      );
      expect(page.headers['retry-after']).toBe('60');
    } else {
      expect(page.statusCode, page.body).toBe(200);
      const signedIn = await browser.follow(
        await browser.request('POST', actionOf(page.body), { username: 'zhangsan', password: 'demo123' }),
      );
      signIn = signedIn.statusCode;
      expect([303, 503], signedIn.body).toContain(signedIn.statusCode);
      if (signedIn.statusCode === 303) {
        const code = new URL(String(signedIn.headers.location)).searchParams.get('code')!;
        const token = await browser.request('POST', '/oidc/token', {
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          client_id: 'service-hall',
          code_verifier: verifier,
        });
        expect([200, 503], token.body).toContain(token.statusCode);
      } else {
        expect(signedIn.body).toContain('The server cannot read or store data right now');
      }
    }
    const todo = await w.call('lisi', 'GET', '/api/me/tasks/todo');
    expect(todo.statusCode).toBe(200);
    expect(todo.json().entities.map((e: { id: string }) => e.id)).toContain(taskId);
    const approved = await w.act('lisi', taskId, 'approve', { 'accept-language': 'en' });
    console.info(`full volume: sign-in ${signIn}, to-do ${todo.statusCode}, approve ${approved.statusCode}`);
    expect([200, 503], approved.body).toContain(approved.statusCode);
    if (approved.statusCode === 503) expect(approved.json()).toMatchObject({ ecode: 'STORAGE_UNAVAILABLE' });
  });
});
