import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { OUTBOUND_MAX_BYTES, OutboundError, outboundRequest } from '../../src/platform/outbound-http.ts';
import { startExternalSystem, type Behaviour } from '../helpers/external-system.ts';
import { createLoggedApp, type LoggedApp } from '../helpers/logged-app.ts';
import { registerSystemClient, systemTokenFor } from '../helpers/system-client.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';
import { workflowClient } from '../helpers/workflow-helpers.ts';

/**
 * Every answer the server reads from another system is bounded in size and in time, and a callback that fails for
 * any reason is reported to the member in one way. The systems here are real HTTP servers that misbehave.
 */
const TIMEOUT_MS = 1000;
const RETRIES = 1;
const BACKOFF_MS = 20;
/** The longest a member's click may wait by the configuration: every attempt's deadline and the backoffs between. */
const CONFIGURED_BOUND_MS = (RETRIES + 1) * TIMEOUT_MS + BACKOFF_MS * (2 ** RETRIES - 1);
/** What a loaded 2-core machine may add to that: a ceiling, not a measurement. */
const SLACK_MS = 5000;
/** Body bytes the peer may have handed its socket beyond what we read: the kernel's buffers on loopback. */
const SOCKET_BUFFERS = 15 * 1024 * 1024;

describe.each(testDialects())('outbound answers are bounded: callbacks (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let system: Awaited<ReturnType<typeof startExternalSystem>>;
  let secrets: string[] = [];
  let n = 0;
  const send = (method: 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload: payload as object } : {}),
    });
  const setBase = async (baseUrl: string) => {
    const r = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/systems/sys-cwxt',
      headers: await t.auth('admin'),
      payload: { baseUrl },
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  /** A fresh external task for lisi whose callback is `url`; its id. */
  async function taskCalling(url: string): Promise<string> {
    const k = ++n;
    expect(
      (
        await send('PUT', `/api/integration/processes/OB-${k}`, {
          app: 'invoice',
          owner: 'zhangsan',
          name: `发票 OB-${k}`,
          uri: `https://finance.example.edu/p/${k}`,
        })
      ).statusCode,
    ).toBe(200);
    const r = await send('PUT', `/api/integration/tasks/OBT-${k}`, {
      process: `OB-${k}`,
      assignee: 'lisi',
      name: '审核',
      uri: `https://finance.example.edu/t/${k}`,
      actions: [{ id: 'approve', name: '同意' }],
      callbackUrl: url,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().entities[0].id as string;
  }
  let paths = 0;
  async function taskBehaving(b: Behaviour): Promise<{ id: string; path: string }> {
    const path = `/cb/${b}-${++paths}`;
    system.set(path, b);
    return { id: await taskCalling(system.url(path)), path };
  }
  const act = (taskId: string, lang = 'zh') =>
    workflowClient(t).act('lisi', taskId, 'approve', { 'accept-language': lang });
  const lastError = async (taskId: string) =>
    (
      await t.ctx.db
        .selectFrom('callback_deliveries')
        .select('last_error')
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow()
    ).last_error;

  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      env: {
        CALLBACK_TIMEOUT_MS: String(TIMEOUT_MS),
        CALLBACK_RETRIES: String(RETRIES),
        CALLBACK_BACKOFF_MS: String(BACKOFF_MS),
      },
    });
    await registerSystemClient(t, { systemId: 'sys-cwxt', clientId: 'bounds-client' });
    token = await systemTokenFor(t, 'bounds-client');
    system = await startExternalSystem(() => secrets);
    await setBase(system.url('/cb'));
    secrets = [(await send('POST', '/api/integration/callback-secret')).json().entities[0].secret];
  });
  afterAll(async () => {
    await system?.close();
    await t?.close();
  });

  it('a callback answering 64 MB fails as too large after reading at most the cap, every attempt', async () => {
    const task = await taskBehaving('huge');
    const r = await act(task.id);
    expect(r.statusCode, r.body).toBe(502);
    expect(r.json().ecode).toBe('CALLBACK_FAILED');
    const attempts = system.sent.filter((s) => s.path === task.path);
    expect(attempts).toHaveLength(RETRIES + 1);
    for (const a of attempts) {
      expect(a.finished, 'the server stopped reading').toBe(false);
      expect(a.bytes).toBeLessThan(1024 * 1024 + SOCKET_BUFFERS);
    }
    expect(JSON.parse(await lastError(task.id))).toEqual({ kind: 'too-large' });
    const counted = (await t.ctx.metrics.callbacks.get()).values.filter((v) => v.labels.outcome === 'too-large');
    expect(counted.map((v) => v.value)).toEqual([1]);
    expect((await workflowClient(t).todo('lisi', '?limit=100')).entities.map((x: { id: string }) => x.id)).toContain(
      task.id,
    );
  });

  it('a callback trickling its answer is cut at the deadline: the click is answered within the configured bound', async () => {
    const task = await taskBehaving('trickle');
    const started = performance.now();
    const r = await act(task.id);
    const took = performance.now() - started;
    expect(r.statusCode, r.body).toBe(502);
    // The trickle would last 20 s; the configuration allows 2 × 1 s and a backoff.
    expect(took).toBeLessThan(CONFIGURED_BOUND_MS + SLACK_MS);
    const attempts = system.sent.filter((s) => s.path === task.path);
    expect(attempts).toHaveLength(RETRIES + 1);
    expect(attempts.every((a) => !a.finished)).toBe(true);
    expect(JSON.parse(await lastError(task.id))).toEqual({ kind: 'timeout' });
  });

  it("a redirect is not followed: the system's other path is never called", async () => {
    const task = await taskBehaving('redirect');
    const r = await act(task.id);
    expect(r.statusCode).toBe(502);
    expect(system.received.filter((x) => x.path === `${task.path}-moved`)).toHaveLength(0);
    // A redirect is the system's answer, not a transient failure: one attempt.
    expect(system.received.filter((x) => x.path === task.path)).toHaveLength(1);
    expect(JSON.parse(await lastError(task.id))).toEqual({ kind: 'status', status: 307 });
  });

  it('whatever the cause, the member reads one message naming the system; the cause is kept for the operator', async () => {
    // A port nothing listens on, registered as the system's base while its task is pushed and first acted on.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await setBase(deadOrigin);
    const dead = await taskCalling(`${deadOrigin}/cb/refused`);
    const refused = await act(dead, 'zh');
    await setBase(system.url('/cb'));
    const kinds = ['fail', 'hang', 'garbage', 'huge', 'trickle', 'redirect'] as const;
    const tasks = await Promise.all(kinds.map(async (b) => (await taskBehaving(b)).id));
    const causes = async (ids: string[]) =>
      Promise.all(ids.map(async (id) => (JSON.parse(await lastError(id)) as { kind: string }).kind));

    const zh = [refused, ...(await Promise.all(tasks.map((id) => act(id, 'zh'))))];
    expect(await causes([dead, ...tasks])).toEqual([
      'network',
      'status',
      'timeout',
      'network',
      'too-large',
      'timeout',
      'status',
    ]);
    // The base changed since the dead task was pushed: its URL is no longer under it and is not called at all.
    const en = await Promise.all([dead, ...tasks].map((id) => act(id, 'en')));
    expect((await causes([dead]))[0]).toBe('outside-base');
    for (const [lang, answers] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      for (const a of answers) expect(a.statusCode, a.body).toBe(502);
      const messages = [...new Set(answers.map((a) => a.json().error as string))];
      expect(messages, lang).toEqual([
        lang === 'zh'
          ? '财务系统未能完成此操作，请稍后重试'
          : 'Finance System did not complete the action; please retry later',
      ]);
    }
  });
});

describe('a failed callback in the log', () => {
  let t: LoggedApp;
  let system: Awaited<ReturnType<typeof startExternalSystem>>;
  let secrets: string[] = [];
  beforeAll(async () => {
    t = await createLoggedApp({ CALLBACK_TIMEOUT_MS: String(TIMEOUT_MS), CALLBACK_RETRIES: '0' });
    // The helpers need only the database and the configuration, which a logged app has as well.
    const asTestApp = t as unknown as TestApp;
    await registerSystemClient(asTestApp, { systemId: 'sys-cwxt', clientId: 'logged-client' });
    const token = await systemTokenFor(asTestApp, 'logged-client');
    system = await startExternalSystem(() => secrets);
    system.set('/cb/fail?token=s3cret', 'fail');
    const headers = { authorization: `Bearer ${token}` };
    const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers, payload });
    const admin = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/systems/sys-cwxt',
      headers: await t.auth('admin'),
      payload: { baseUrl: system.url('/cb') },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    secrets = [
      (await t.app.inject({ method: 'POST', url: '/api/integration/callback-secret', headers })).json().entities[0]
        .secret,
    ];
    expect(
      (
        await put('/api/integration/processes/LOG-1', {
          app: 'invoice',
          owner: 'zhangsan',
          name: 'LOG-1',
          uri: 'https://finance.example.edu/p/log',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await put('/api/integration/tasks/LOG-1-T', {
          process: 'LOG-1',
          assignee: 'lisi',
          name: '审核',
          uri: 'https://finance.example.edu/t/log',
          actions: [{ id: 'approve', name: '同意' }],
          callbackUrl: `${system.url('/cb/fail')}?token=s3cret`,
        })
      ).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await system?.close();
    await t?.close();
  });

  it('records the system, the task, the address without its query and the cause; the member reads none of it', async () => {
    const taskId = (
      await t.ctx.db.selectFrom('tasks').select('id').where('external_id', '=', 'LOG-1-T').executeTakeFirstOrThrow()
    ).id;
    const r = await workflowClient(t as unknown as TestApp).act('lisi', taskId, 'approve');
    expect(r.statusCode).toBe(502);
    expect(r.json().error).toBe('财务系统未能完成此操作，请稍后重试');
    const entries = t.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === 'callback.failed');
    expect(entries).toMatchObject([
      {
        level: 40,
        system: 'sys-cwxt',
        task: taskId,
        target: system.url('/cb/fail'),
        attempts: 1,
        reason: { kind: 'status', status: 500 },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain('s3cret');
  });
});

describe('the outbound HTTP exchange', () => {
  /** What the peer did with one request: body bytes it handed the socket, and whether it got them all out. */
  interface Peer {
    bytes: number;
    finished: boolean;
    requests: string[];
  }
  const peer: Peer = { bytes: 0, finished: false, requests: [] };
  let server: http.Server;
  let origin = '';

  /** Writes `total` bytes in `chunk`s `everyMs` apart, waiting for the socket to drain as a real server would. */
  async function pour(res: http.ServerResponse, total: number, chunk: number, everyMs: number) {
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    const block = Buffer.alloc(chunk, 'a');
    while (!closed && peer.bytes < total) {
      if (everyMs) await new Promise((r) => setTimeout(r, everyMs));
      if (closed) return;
      peer.bytes += chunk;
      if (!res.write(block)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
    }
    if (!closed) {
      peer.finished = true;
      res.end();
    }
  }

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      peer.requests.push(req.url!);
      const url = req.url!;
      if (url === '/small') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      if (url === '/declared')
        return void res.writeHead(200, { 'content-length': String(200 * 1024 * 1024) }).write('x'.repeat(1024));
      if (url === '/chunked') {
        res.writeHead(200);
        return void pour(res, 50 * 1024 * 1024, 64 * 1024, 0);
      }
      if (url === '/trickle-body') {
        res.writeHead(200);
        return void pour(res, 100, 1, 200);
      }
      if (url === '/trickle-head') {
        const head = 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok';
        let i = 0;
        const timer = setInterval(() => {
          if (i < head.length) req.socket.write(head[i++]!);
          else clearInterval(timer);
        }, 200);
        return void req.socket.on('close', () => clearInterval(timer));
      }
      if (url === '/redirect') return void res.writeHead(302, { location: '/small' }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const failure = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(OutboundError);
    return (e as OutboundError).kind;
  };
  const reset = () => {
    peer.bytes = 0;
    peer.finished = false;
    peer.requests = [];
  };

  it('reads a small answer whole', async () => {
    const a = await outboundRequest(`${origin}/small`, { timeoutMs: 5000 });
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body.toString())).toEqual({ ok: true });
  });

  it('refuses an answer declaring more than the cap before reading its body', async () => {
    expect(await failure(outboundRequest(`${origin}/declared`, { timeoutMs: 5000 }))).toBe('too-large');
  });

  it('stops reading an undeclared answer at the cap and closes the connection: the peer cannot finish', async () => {
    reset();
    expect(await failure(outboundRequest(`${origin}/chunked`, { timeoutMs: 10_000 }))).toBe('too-large');
    await expect.poll(() => peer.requests.length).toBe(1);
    expect(peer.finished).toBe(false);
    expect(peer.bytes).toBeLessThan(OUTBOUND_MAX_BYTES + SOCKET_BUFFERS);
    // A body that is only counted (a callback's) is held to the same cap.
    reset();
    expect(await failure(outboundRequest(`${origin}/chunked`, { timeoutMs: 10_000, keepBody: false }))).toBe(
      'too-large',
    );
    expect(peer.finished).toBe(false);
  });

  it('counts the deadline over the whole exchange: a trickled head or body is cut when the time is up', async () => {
    for (const path of ['/trickle-head', '/trickle-body']) {
      reset();
      const started = performance.now();
      expect(await failure(outboundRequest(`${origin}${path}`, { timeoutMs: 600 })), path).toBe('timeout');
      // The trickle would take 8 s (head) or 20 s (body).
      expect(performance.now() - started, path).toBeLessThan(600 + SLACK_MS);
    }
    expect(peer.finished).toBe(false);
  });

  it('answers a redirect as it is, without following it', async () => {
    reset();
    const a = await outboundRequest(`${origin}/redirect`, { timeoutMs: 5000 });
    expect(a.status).toBe(302);
    expect(a.headers.get('location')).toBe('/small');
    expect(peer.requests).toEqual(['/redirect']);
  });

  it('reports a closed port, an answer that is not HTTP and URL credentials as network failures', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(outboundRequest(`http://127.0.0.1:${port}/`, { timeoutMs: 5000 }))).toBe('network');
    const garbage = http.createServer((req) => {
      req.socket.end('not HTTP at all\r\n\r\n');
    });
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    expect(
      await failure(
        outboundRequest(`http://127.0.0.1:${(garbage.address() as AddressInfo).port}/`, { timeoutMs: 5000 }),
      ),
    ).toBe('network');
    await new Promise((resolve) => garbage.close(resolve));
    const e = await outboundRequest(`http://user:secret@127.0.0.1:${port}/x?ticket=ST-1`, { timeoutMs: 5000 }).catch(
      (err: unknown) => err,
    );
    expect(e).toMatchObject({ kind: 'network', target: `http://127.0.0.1:${port}/x` });
    expect(String((e as Error).message)).not.toMatch(/secret|ST-1/);
  });
});
