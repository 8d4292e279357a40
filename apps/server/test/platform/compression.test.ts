import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { COMPRESSION_THRESHOLD } from '../../src/platform/compression.ts';
import { createTestApp, httpLayerDialects, type TestApp } from '../helpers/test-app.ts';

const SCRIPT = `console.log(${JSON.stringify('service hall '.repeat(400))});`;

/** A build output as `npm run build` leaves it: a hashed script with its .br and .gz twins. */
function distWithTwins(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sh-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><!--base-href--></head><body>${'<p>hall</p>'.repeat(200)}</body></html>`,
  );
  const file = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(file, SCRIPT);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${file}.gz`, gzipSync(SCRIPT));
  return dir;
}

describe.each(httpLayerDialects())('compression on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = distWithTwins();
    t = await createTestApp({ dialect, env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the precompressed twin of a hashed asset, cached for a year, varying on Accept-Encoding', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(
      fs.statSync(path.join(dist, 'assets', 'index-abc123.js.br')).size,
    );
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses index.html on the way out and never lets it or config.json be cached unchecked', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/workflow/index', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<base href="/">');
    const config = await t.app.inject({ method: 'GET', url: '/config.json', headers: { 'accept-encoding': 'gzip' } });
    expect(config.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API answers above the threshold with brotli or gzip, and leaves small ones alone', async () => {
    const headers = await t.auth('lisi');
    const plain = await t.app.inject({ method: 'GET', url: '/api/me/tasks/todo', headers });
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/me/tasks/todo',
      headers: { ...headers, 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/me/tasks/todo',
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('never compresses or holds back the push-event stream', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const { authorization } = await t.auth('lisi');
    const req = http.get({
      port,
      host: '127.0.0.1',
      path: '/api/me/events',
      headers: { authorization, 'accept-encoding': 'gzip, br' },
    });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
    const first = String(await new Promise((r) => res.once('data', r)));
    req.destroy();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    expect(first).toContain('retry: 3000');
  });
});
