import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake system answers a callback path: ok, 500, never, not HTTP, two answers, late-then-ok, a redirect to
 * another of its paths, 200 with a 64 MB body sent as fast as it is read, or 200 with a body of 100 bytes sent one
 * every 200 ms (20 s).
 */
export type Behaviour = 'ok' | 'fail' | 'hang' | 'garbage' | 'twice' | 'slow-once' | 'redirect' | 'huge' | 'trickle';

/** What the fake system sent in answer to one delivery of a streamed behaviour (huge, trickle). */
export interface Sent {
  path: string;
  /** Body bytes handed to the socket before it closed or the body ended. */
  bytes: number;
  /** Whether the whole body went out: false when the caller closed the connection first. */
  finished: boolean;
  /** When the answer ended or the caller closed it (performance.now()). */
  endedAt: number;
}

const HUGE_BYTES = 64 * 1024 * 1024;

const drainedOrClosed = (res: http.ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

export interface Received {
  path: string;
  body: string;
  timestamp: string;
  signature: string;
  idempotencyKey: string;
  verified: boolean;
}

/**
 * A real HTTP server playing an external system's callback endpoint, as docs/integration.md tells a system to
 * write it: check the signature against its secrets, refuse old timestamps and signatures seen before, and apply
 * each Idempotency-Key once. `applied` is what the system actually did.
 */
export async function startExternalSystem(secrets: () => string[]) {
  const behaviours = new Map<string, Behaviour>();
  const received: Received[] = [];
  const sent: Sent[] = [];
  const applied = new Map<string, string>();
  const seenSignatures = new Set<string>();
  let slowDone = new Set<string>();

  const verify = (timestamp: string, signature: string, body: string): boolean => {
    const age = Math.abs(Date.now() / 1000 - Number(timestamp));
    if (!Number.isFinite(age) || age > 300) return false;
    if (seenSignatures.has(signature)) return false;
    const given = signature.split(',').map((p) => p.replace(/^v1=/, ''));
    const ok = secrets().some((secret) => {
      const want = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'));
      return given.some((g) => g.length === want.length && timingSafeEqual(Buffer.from(g), want));
    });
    if (ok) seenSignatures.add(signature);
    return ok;
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      const r: Received = {
        path,
        body,
        timestamp: String(req.headers['x-servicehall-timestamp'] ?? ''),
        signature: String(req.headers['x-servicehall-signature'] ?? ''),
        idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
        verified: false,
      };
      r.verified = verify(r.timestamp, r.signature, body);
      received.push(r);
      if (!r.verified) return void res.writeHead(401).end('bad signature');
      const behaviour = behaviours.get(path) ?? 'ok';
      const apply = () => {
        if (!applied.has(r.idempotencyKey)) applied.set(r.idempotencyKey, body);
      };
      switch (behaviour) {
        case 'ok':
          apply();
          return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        case 'fail':
          return void res.writeHead(500).end('{"error":"down"}');
        case 'hang':
          return;
        case 'garbage':
          return void req.socket.end('this is not HTTP at all\r\n\r\n');
        case 'twice':
          apply();
          return void req.socket.end(
            'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n',
          );
        case 'redirect':
          apply();
          return void res.writeHead(307, { location: `${path}-moved` }).end();
        case 'huge':
          return void stream(path, res, HUGE_BYTES, 64 * 1024, 0);
        case 'trickle':
          return void stream(path, res, 100, 1, 200);
        case 'slow-once':
          // Applies it, then answers too late the first time: the portal retries with the same key.
          apply();
          if (!slowDone.has(path)) {
            slowDone.add(path);
            return;
          }
          return void res.writeHead(200).end('{}');
      }
    });
  });
  /** 200, then `total` bytes in `chunk`-sized writes `everyMs` apart, respecting back-pressure; recorded in `sent`. */
  function stream(path: string, res: http.ServerResponse, total: number, chunk: number, everyMs: number) {
    const record: Sent = { path, bytes: 0, finished: false, endedAt: 0 };
    sent.push(record);
    const block = Buffer.alloc(chunk, 'x');
    let closed = false;
    res.on('close', () => {
      closed = true;
      record.endedAt ||= performance.now();
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    void (async () => {
      while (!closed && record.bytes < total) {
        if (everyMs) await new Promise((r) => setTimeout(r, everyMs));
        if (closed) break;
        record.bytes += chunk;
        if (!res.write(block)) await drainedOrClosed(res);
      }
      if (!closed) {
        record.finished = true;
        record.endedAt = performance.now();
        res.end();
      }
    })();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    set: (path: string, b: Behaviour) => behaviours.set(path, b),
    origin: base,
    received,
    applied,
    sent,
    /** Sends a delivery seen before to the system again, byte for byte, as an attacker who captured it would. */
    replay: (r: Received) =>
      fetch(`${base}${r.path}`, {
        method: 'POST',
        body: r.body,
        headers: {
          'content-type': 'application/json',
          'x-servicehall-timestamp': r.timestamp,
          'x-servicehall-signature': r.signature,
          'idempotency-key': r.idempotencyKey,
        },
      }),
    reset: () => {
      slowDone = new Set();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
