import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  type BrotliOptions,
  type ZlibOptions,
} from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers smaller than this go out as they are: below about 1 KB the bytes saved are fewer than a TCP packet's worth
 * and the headers dominate (docs/adr/0010-production-metrics-logs-health-and-identity.md).
 */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * Brotli quality 4 and gzip level 6: a 5 KB list page shrinks to ~0.85 KB for 40–60 µs of CPU
 * (`npx tsx bench/src/compression-cost.ts`). gzip 4 saved no time over 6; brotli 6 saved another
 * 13 % of a page for ~10 % more CPU, but qualities from 5 up switch to brotli's slower matcher, whose cost grows
 * faster with the body, so 4 — the usual choice for dynamic answers — stays.
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;
/** Bodies above this are compressed on the thread pool instead of the event loop (exports, big guide pages). */
const ASYNC_ABOVE = 64 * 1024;

// JSON, HTML, JavaScript, CSS, SVG, XML — never server-sent events (they are written to the socket directly anyway)
// nor binary attachments (already compressed, or not worth it).
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.+-]+\+)?(?:json|javascript|xml)|image\/svg\+xml)(?:;|$)/;

const BR: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };
const GZ: ZlibOptions = { level: GZIP_LEVEL };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses answers above the threshold with brotli or gzip, as the client's Accept-Encoding prefers. Bodies are
 * compressed in one synchronous call: @fastify/compress pipes every answer through a zlib stream, which cost
 * ~300 µs per response here whatever its size — a third of a list request — against 15–30 µs for the same bytes in
 * one call (docs/adr/0010-production-metrics-logs-health-and-identity.md). Streams (the SPA's files) pass untouched: the build precompresses those
 * (platform/spa-routes.ts), and the push-event stream never reaches onSend.
 */
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** The last Accept-Encoding negotiated and its answer: a client (a browser) sends the same header every time. */
let last: { header: string; encoding: string | null } = { header: '', encoding: null };

/** The encoding an answer above the threshold gets for this request: br, gzip or none (null). */
export function negotiatedEncoding(request: FastifyRequest): string | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return null;
  // The list cache's key asks on every request, hit or not; parsing the header each time was 1 % of a hit.
  if (header !== last.header) last = { header, encoding: encodings.negotiate(header) };
  return last.encoding;
}

export const compression = fp(
  async (app: FastifyInstance) => {
    // A callback hook: an answer that is not compressed here (a cached page, already compressed; a small one) costs no
    // promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (reply.hasHeader('content-encoding') || reply.statusCode < 200 || reply.statusCode === 204)
        return done(null, payload);
      if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
      const size = Buffer.byteLength(payload);
      if (size < COMPRESSION_THRESHOLD) return done(null, payload);
      // Whether or not this client gets it compressed, the answer depends on Accept-Encoding: tell caches.
      const vary = reply.getHeader('vary');
      if (!vary) reply.header('vary', 'Accept-Encoding');
      else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`);
      const encoding = negotiatedEncoding(request);
      if (!encoding) return done(null, payload);
      reply.header('content-encoding', encoding).removeHeader('content-length');
      if (size > ASYNC_ABOVE) {
        void (encoding === 'br' ? brotliAsync(payload, BR) : gzipAsync(payload, GZ)).then(
          (out) => done(null, out),
          done,
        );
        return;
      }
      let out: Buffer;
      try {
        out = encoding === 'br' ? brotliCompressSync(payload, BR) : gzipSync(payload, GZ);
      } catch (err) {
        return done(err as Error);
      }
      done(null, out);
    });
  },
  { name: 'compression' },
);
