import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';

import { SCOPE_STRING } from '@service-hall/contracts';

import { sleep } from '../test/helpers/crash-server.ts';

/** A server started as an operator would (npm start, npm run start:prod, node), with its output kept. */
export interface Started {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Spawns `command args` in `cwd` with exactly `env` (nothing inherited but what the caller passes). */
export function launch(command: string, args: string[], cwd: string, env: Record<string, string>): Started {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-50_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
  });
  return { child, output: () => out, exited };
}

/** The minimal environment of a service: PATH, HOME (and npm_config_nodedir when set), plus the given settings. */
export function serviceEnv(settings: Record<string, string>): Record<string, string> {
  // npm_config_nodedir: where node-gyp finds the running Node's headers (.ci/run sets it) should a native module
  // have to compile during the bundle's npm ci.
  const nodedir = process.env.npm_config_nodedir;
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    ...(nodedir ? { npm_config_nodedir: nodedir } : {}),
    ...settings,
  };
}

/** Waits until GET url answers 200 (the server is up), failing early if the process exits. */
export async function waitForReady(started: Started, url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void started.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited during start-up:\n${started.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  throw new Error(`server not ready within ${timeoutMs} ms:\n${started.output()}`);
}

/**
 * Signs in through the embedded IdP over HTTP as the SPA does: authorization request with PKCE, the sign-in form,
 * the redirect back with a code, and the code exchanged for tokens. Returns the access token, or the sign-in page's
 * HTML when the credentials were refused.
 */
export async function signInOverHttp(
  base: string,
  account: string,
  password: string,
): Promise<{ accessToken: string } | { refusedPage: string }> {
  const cookies = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
    return res;
  };
  const follow = async (res: Response) => {
    while (
      [302, 303].includes(res.status) &&
      new URL(res.headers.get('location')!, base).pathname.startsWith('/oidc/')
    ) {
      res = await request(res.headers.get('location')!);
    }
    return res;
  };
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${base}/workflow/oidcCallback`;
  const authorize = `/oidc/auth?${new URLSearchParams({
    client_id: 'service-hall',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: SCOPE_STRING,
    state: 's1',
    nonce: 'n1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })}`;
  const page = await follow(await request(authorize));
  const action = /action="([^"]+)"/.exec(await page.text())![1]!.replace(/&amp;/g, '&');
  const submitted = await follow(
    await request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: account, password }).toString(),
    }),
  );
  if (![302, 303].includes(submitted.status)) return { refusedPage: await submitted.text() };
  const code = new URL(submitted.headers.get('location')!).searchParams.get('code')!;
  const token = await request('/oidc/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'service-hall',
      code_verifier: verifier,
    }).toString(),
  });
  if (token.status !== 200) throw new Error(`token endpoint answered ${token.status}: ${await token.text()}`);
  return { accessToken: ((await token.json()) as { access_token: string }).access_token };
}

/**
 * A request caught in flight: headers and half of a form body are sent now, the rest when `finish()` is called, so
 * the server is busy with it whenever the caller chooses (e.g. across a SIGTERM). `response` settles with the
 * status and body, or rejects if the connection is cut.
 */
export function requestInFlight(base: string, path: string, token: string, form: Record<string, string>) {
  const body = Buffer.from(new URLSearchParams(form).toString());
  const url = new URL(path, base);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': body.length,
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, Math.floor(body.length / 2)));
  return { response, finish: () => req.end(body.subarray(Math.floor(body.length / 2))) };
}

/** Opens the push stream (server-sent events); `ended` settles when the server ends it. */
export async function openEventStream(base: string, token: string) {
  const url = new URL('/api/me/events', base);
  return new Promise<{ ended: Promise<string> }>((resolve, reject) => {
    const req = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        agent: false,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`events answered ${res.statusCode}`));
          return;
        }
        let text = '';
        const ended = new Promise<string>((done) => {
          res.on('end', () => done(text));
          res.on('close', () => done(text));
          res.on('error', () => done(text));
        });
        res.on('data', (c: Buffer) => {
          text += c.toString();
          if (text.includes('event: ready')) resolve({ ended });
        });
      },
    );
    req.on('error', reject);
  });
}

/** True while something accepts TCP connections on the port. */
export async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export { freePort, sleep } from '../test/helpers/crash-server.ts';
