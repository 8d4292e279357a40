import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface CapturedAnswer {
  status: number;
  bytes: Buffer;
  contentType: string;
  contentEncoding: string | null;
  json: string;
}

/**
 * One real answer of an endpoint as the load client receives it (same Accept-Encoding, so the bytes are compressed
 * when the server compresses them), with the JSON it decodes to. `fetch` would decompress and hide the wire bytes.
 */
export function captureAnswer(
  url: string,
  o: { method: string; token: string; acceptEncoding: string },
): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: o.method,
        headers: {
          authorization: `Bearer ${o.token}`,
          'accept-encoding': o.acceptEncoding,
          ...(o.method === 'POST'
            ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const contentEncoding =
            typeof res.headers['content-encoding'] === 'string' ? res.headers['content-encoding'] : null;
          const plain =
            contentEncoding === 'br'
              ? brotliDecompressSync(bytes)
              : contentEncoding === 'gzip'
                ? gunzipSync(bytes)
                : contentEncoding === 'deflate'
                  ? inflateSync(bytes)
                  : bytes;
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            contentType: res.headers['content-type'] ?? 'application/json',
            contentEncoding,
            json: plain.toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Hands an endpoint's answer to the bare server (load/baseline-server.ts): `/bytes/<name>` and `/stringify/<name>`. */
export async function registerAnswer(baselineUrl: string, name: string, answer: CapturedAnswer): Promise<void> {
  const res = await fetch(`${baselineUrl}/bodies/${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      bytes: answer.bytes.toString('base64'),
      contentType: answer.contentType,
      contentEncoding: answer.contentEncoding,
      json: answer.json,
    }),
  });
  if (!res.ok) throw new Error(`baseline server refused the body of ${name}: ${res.status}`);
}
