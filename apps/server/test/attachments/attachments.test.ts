import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sweepOrphanAttachments } from '../../src/modules/attachments/attachments-plugin.ts';
import { multipartBody, sampleJpeg, samplePdf, samplePng, sampleZip } from '../helpers/sample-files.ts';
import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { leaveData, workflowClient } from '../helpers/workflow-helpers.ts';

type Ref = { id: string; name: string; type: string; size: number };
let now = Math.floor(Date.now() / 1000);

// uploads for an attachment field, attached at start (and at a resubmission), downloaded by those
// who may see the process; every refusal with its own ecode and nothing stored.
describe.each(testDialects())('attachments on %s', (dialect) => {
  let t: TestApp;
  let w: ReturnType<typeof workflowClient>;
  const upload = async (
    account: string | null,
    file: { name: string; type: string; bytes: Buffer },
    o: {
      code?: string;
      field?: string;
      headers?: Record<string, string>;
      token?: string;
    } = {},
  ) => {
    const { body, contentType } = multipartBody(file.name, file.type, file.bytes);
    const auth = o.token ? { authorization: `Bearer ${o.token}` } : account ? await t.auth(account) : {};
    return t.app.inject({
      method: 'POST',
      url: `/api/attachment?code=${o.code ?? 'leave'}&field=${o.field ?? 'certificate'}`,
      headers: { ...auth, 'content-type': contentType, ...o.headers },
      payload: body,
    });
  };
  const pdf = { name: '诊断证明.pdf', type: 'application/pdf', bytes: samplePdf };
  const photo = { name: 'receipt.jpg', type: 'image/jpeg', bytes: sampleJpeg };
  const rows = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('attachments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const download = async (account: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/attachment/${id}`, headers: await t.auth(account) });

  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => now });
    w = workflowClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores an upload once per Idempotency-Key, typed by its content, named as the device named it', async () => {
    const before = await rows();
    const key = { 'idempotency-key': `upload-${dialect}` };
    const first = await upload('zhangsan', pdf, { headers: key });
    expect(first.statusCode, first.body).toBe(200);
    const ref = first.json().entities[0] as Ref;
    expect(ref).toMatchObject({ name: '诊断证明.pdf', type: 'application/pdf', size: samplePdf.length });
    const again = await upload('zhangsan', pdf, { headers: key });
    expect(again.json()).toEqual(first.json());
    expect(await rows()).toBe(before + 1);
    // A phone may call a JPEG image/jpg or send no type at all: the content decides.
    expect((await upload('zhangsan', { ...photo, type: 'image/jpg' })).json().entities[0].type).toBe('image/jpeg');
    expect((await upload('zhangsan', { ...photo, type: 'application/octet-stream' })).json().entities[0].type).toBe(
      'image/jpeg',
    );
  });

  it('refuses without a token, without the submit scope, and a system client without a user', async () => {
    expect((await upload(null, pdf)).statusCode).toBe(401);
    const scoped = await upload(null, pdf, { token: await t.tokenFor('zhangsan', { scope: 'openid process' }) });
    expect([scoped.statusCode, scoped.json().ecode]).toEqual([403, 'ACCESS_TOKEN_SCOPE_INVALID']);
    await registerSystemClient(t, { systemId: 'sys-attach', clientId: 'attach-client' });
    const token = await systemTokenFor(t, 'attach-client');
    const system = await upload(null, pdf, { token });
    expect([system.statusCode, system.json().ecode]).toEqual([400, 'VALIDATION_FAILED']);
    // For a user of an app that is not the system's own: the userId rule refuses it.
    const forUser = await t.app.inject({
      method: 'POST',
      url: '/api/attachment?code=leave&field=certificate&userId=zhangsan',
      headers: {
        authorization: `Bearer ${token}`,
        ...(({ contentType }) => ({ 'content-type': contentType }))(
          multipartBody('a.pdf', 'application/pdf', samplePdf),
        ),
      },
      payload: multipartBody('a.pdf', 'application/pdf', samplePdf).body,
    });
    expect([forUser.statusCode, forUser.json().ecode]).toEqual([403, 'USER_ID_FORBIDDEN']);
  });

  it('refuses a mismatching content, a type the field does not take, a non-multipart body, an unknown field or app; stores nothing', async () => {
    const before = await rows();
    const text = await upload('zhangsan', {
      name: '诊断证明.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('not a pdf at all'),
    });
    expect([text.statusCode, text.json().ecode]).toEqual([415, 'ATTACHMENT_CONTENT_MISMATCH']);
    expect(text.json().error).toBe('文件“诊断证明.pdf”的内容与其类型或扩展名不符，未上传');
    const exe = await upload('zhangsan', {
      name: 'photo.jpg',
      type: 'image/jpeg',
      bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]),
    });
    expect(exe.json().ecode).toBe('ATTACHMENT_CONTENT_MISMATCH');
    const renamed = await upload('zhangsan', { name: 'scan.png', type: 'image/png', bytes: sampleJpeg });
    expect(renamed.json().ecode).toBe('ATTACHMENT_CONTENT_MISMATCH');
    const svg = await upload('zhangsan', {
      name: 'x.svg',
      type: 'image/svg+xml',
      bytes: Buffer.from('<svg onload="alert(1)"/>'),
    });
    expect(svg.json().ecode).toBe('ATTACHMENT_CONTENT_MISMATCH');
    const zip = await upload(
      'zhangsan',
      { name: '材料.zip', type: 'application/zip', bytes: sampleZip },
      { headers: { 'accept-language': 'en' } },
    );
    expect([zip.statusCode, zip.json().ecode]).toEqual([415, 'ATTACHMENT_TYPE_REFUSED']);
    // The engine's own sentence: the one the form shows before uploading.
    expect(zip.json().error).toBe(
      'Supporting documents does not accept the type of "材料.zip"; it accepts PDF, images',
    );
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/attachment?code=leave&field=certificate',
      headers: { ...(await t.auth('zhangsan')), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect([json.statusCode, json.json().ecode]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect((await upload('zhangsan', pdf, { field: 'reason' })).json().ecode).toBe('VALIDATION_FAILED');
    expect((await upload('zhangsan', pdf, { code: 'no-such-app' })).json().ecode).toBe('NOT_FOUND');
    expect(await rows()).toBe(before);
  });

  it("answers a 200 MB upload at once, and cuts off a body without a length as it passes the field's limit", async () => {
    const before = await rows();
    // A real socket: the headers announce 200 MB, only a first slice is sent, the answer comes before the rest.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const auth = await t.auth('zhangsan');
    const { body, contentType } = multipartBody('big.pdf', 'application/pdf', samplePdf);
    // Only 200 bytes of the announced 200 MB are ever sent: an answer at all means the size was refused up front.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/attachment?code=leave&field=certificate',
          headers: { ...auth, 'content-type': contentType, 'content-length': String(200 * 1024 * 1024) },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
          });
          res.on('end', () => {
            req.destroy(); // the other 200 MB are never sent
            resolve({ status: res.statusCode ?? 0, body: text });
          });
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, 200));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      ecode: 'ATTACHMENT_TOO_LARGE',
      error: '文件过大：此附件栏每个文件最大 10 MB',
    });

    // No Content-Length (chunked): read until 10 MB has passed, then refused.
    const big = Buffer.concat([samplePdf, Buffer.alloc(11 * 1024 * 1024)]);
    const parts = multipartBody('big.pdf', 'application/pdf', big);
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/attachment?code=leave&field=certificate',
      headers: { ...auth, 'content-type': parts.contentType },
      payload: Readable.from([parts.body.subarray(0, 1 << 20), parts.body.subarray(1 << 20)]),
    });
    expect([streamed.statusCode, streamed.json().ecode]).toEqual([413, 'ATTACHMENT_TOO_LARGE']);
    expect(await rows()).toBe(before);
  });

  it("attaches uploads at start with what was stored; refuses too many files, someone else's upload and unknown ids", async () => {
    const mine = (await upload('zhangsan', pdf)).json().entities[0] as Ref;
    const image = (await upload('zhangsan', { name: '化验单.png', type: 'image/png', bytes: samplePng() })).json()
      .entities[0] as Ref;
    const theirs = (await upload('lisi', pdf)).json().entities[0] as Ref;

    const six = await Promise.all(
      Array.from({ length: 6 }, async () => (await upload('zhangsan', photo)).json().entities[0] as Ref),
    );
    const tooMany = await w.start('zhangsan', 'leave', { ...leaveData, certificate: six });
    expect([tooMany.statusCode, tooMany.json().details]).toEqual([
      400,
      [{ field: 'certificate', message: '证明材料最多上传 5 个文件' }],
    ]);
    const other = await w.start('zhangsan', 'leave', { ...leaveData, certificate: [theirs] });
    expect([other.statusCode, other.json().ecode]).toEqual([400, 'ATTACHMENT_UNKNOWN']);
    const unknown = await w.start('zhangsan', 'leave', {
      ...leaveData,
      certificate: [{ ...mine, id: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(unknown.json().ecode).toBe('ATTACHMENT_UNKNOWN');

    // A forged name, type and size are replaced by the stored ones.
    const started = await w.start('zhangsan', 'leave', {
      ...leaveData,
      leaveType: 'sick',
      certificate: [{ ...mine, name: 'x.exe', size: 1 }, image],
    });
    expect(started.statusCode, started.body).toBe(200);
    const p = started.json().entities[0] as { id: string; data: { certificate: Ref[] } };
    expect(p.data.certificate).toEqual([mine, image]);
    // An upload belongs to one process: starting another with it is refused.
    expect((await w.start('zhangsan', 'leave', { ...leaveData, certificate: [mine] })).json().ecode).toBe(
      'ATTACHMENT_UNKNOWN',
    );

    // Download: applicant, assignee, app administrator yes; another member and a system no.
    const got = await download('zhangsan', mine.id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(samplePdf)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('诊断证明.pdf')}`,
    );
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const preview = await download('lisi', image.id); // the counsellor, assigned
    expect([preview.statusCode, preview.headers['content-type']]).toEqual([200, 'image/png']);
    expect(String(preview.headers['content-disposition'])).toMatch(/^inline; /);
    expect((await download('wangwu', mine.id)).statusCode).toBe(200); // the leave app's administrator
    const stranger = await download('liuxiaoming', mine.id);
    expect([stranger.statusCode, stranger.json().ecode]).toEqual([403, 'FORBIDDEN']);
    const system = await t.app.inject({
      method: 'GET',
      url: `/api/attachment/${mine.id}`,
      headers: { authorization: `Bearer ${await systemTokenFor(t, 'attach-client')}` },
    });
    expect(system.statusCode).toBe(403);
    expect((await download('zhangsan', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Before it is attached, an upload is its uploader's alone.
    expect((await download('zhangsan', theirs.id)).statusCode).toBe(403);
    expect((await download('lisi', theirs.id)).statusCode).toBe(200);
  });

  it('lets the applicant resubmit a returned process with corrected data and another file; shown on the detail', async () => {
    const first = (await upload('zhangsan', pdf)).json().entities[0] as Ref;
    const p = (await w.start('zhangsan', 'leave', { ...leaveData, certificate: [first] })).json().entities[0] as {
      id: string;
    };
    const taskOf = async (account: string) =>
      ((await w.todo(account)).entities as Array<{ id: string; process: { id: string } }>).find(
        (x) => x.process.id === p.id,
      )!;
    const back = await w.call('lisi', 'POST', `/api/task/${encodeURIComponent((await taskOf('lisi')).id)}/return`, {
      stepId: 'resubmit',
      reason: '请补充化验单',
    });
    expect(back.statusCode, back.body).toBe(200);
    const resubmitTask = (await taskOf('zhangsan')).id;
    const added = (await upload('zhangsan', { name: '化验单.png', type: 'image/png', bytes: samplePng() })).json()
      .entities[0] as Ref;
    const url = `/api/task/${encodeURIComponent(resubmitTask)}`;
    // Corrected data is validated as at a start: nothing changes on a refusal.
    const bad = await w.call('zhangsan', 'POST', url, {
      actionId: 'resubmit',
      data: JSON.stringify({ ...leaveData, days: 100 }),
    });
    expect(bad.json().ecode).toBe('VALIDATION_FAILED');
    expect((await taskOf('zhangsan')).id).toBe(resubmitTask);
    const corrected = { ...leaveData, reason: '家中有事，附化验单', certificate: [first, added] };
    const ok = await w.call('zhangsan', 'POST', url, { actionId: 'resubmit', data: JSON.stringify(corrected) });
    expect(ok.statusCode, ok.body).toBe(200);
    const d = (await w.detail('lisi', p.id)).json().entities[0] as { data: typeof corrected };
    expect(d.data.reason).toBe('家中有事，附化验单');
    expect(d.data.certificate.map((c) => c.name)).toEqual(['诊断证明.pdf', '化验单.png']);
    expect((await download('lisi', added.id)).statusCode).toBe(200);
    // Data goes with a resubmission only.
    const approve = await w.call('lisi', 'POST', `/api/task/${encodeURIComponent((await taskOf('lisi')).id)}`, {
      actionId: 'approve',
      data: '{}',
    });
    expect([approve.statusCode, approve.json().ecode]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("deletes an unattached upload of one's own only; the hourly sweep removes abandoned ones", async () => {
    const ref = (await upload('zhangsan', pdf)).json().entities[0] as Ref;
    const del = (account: string, id: string) =>
      t.auth(account).then((auth) => t.app.inject({ method: 'DELETE', url: `/api/attachment/${id}`, headers: auth }));
    expect((await del('lisi', ref.id)).statusCode).toBe(403);
    expect((await del('zhangsan', ref.id)).statusCode).toBe(200);
    expect((await download('zhangsan', ref.id)).statusCode).toBe(404);

    const old = (await upload('zhangsan', pdf)).json().entities[0] as Ref;
    const attached = await t.ctx.db
      .selectFrom('attachments')
      .select('id')
      .where('process_id', 'is not', null)
      .execute();
    now += 25 * 3600;
    const fresh = (await upload('zhangsan', pdf)).json().entities[0] as Ref;
    await sweepOrphanAttachments(t.ctx, now - 24 * 3600);
    const left = new Set((await t.ctx.db.selectFrom('attachments').select('id').execute()).map((r) => r.id));
    expect(left.has(old.id)).toBe(false);
    expect(left.has(fresh.id)).toBe(true);
    expect(attached.every((r) => left.has(r.id))).toBe(true);
  });

  it('runs the scan hook before storing: exit 1 refuses, a broken scanner refuses too', async () => {
    const before = await rows();
    t.ctx.config.attachmentScan = {
      command: 'if grep -q EICAR; then exit 1; fi; exit 0',
      timeoutMs: 5000,
      concurrency: 4,
    };
    try {
      const infected = await upload('zhangsan', {
        ...pdf,
        bytes: Buffer.concat([samplePdf, Buffer.from('EICAR-STANDARD-ANTIVIRUS-TEST')]),
      });
      expect([infected.statusCode, infected.json().ecode]).toEqual([422, 'ATTACHMENT_REFUSED_BY_SCAN']);
      expect((await upload('zhangsan', pdf)).statusCode).toBe(200);
      t.ctx.config.attachmentScan = { command: 'exit 2', timeoutMs: 5000, concurrency: 4 };
      expect((await upload('zhangsan', pdf)).json().ecode).toBe('SERVICE_UNAVAILABLE');
    } finally {
      t.ctx.config.attachmentScan = { command: null, timeoutMs: 5000, concurrency: 4 };
    }
    expect(await rows()).toBe(before + 1);
  });
});
