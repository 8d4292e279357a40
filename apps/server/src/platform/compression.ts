import { constants } from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * Answers smaller than this go out as they are: below about 1 KB the gzip header and a second round of the
 * event loop cost more than the bytes saved (docs/performance.md, "Compression").
 */
export const COMPRESSION_THRESHOLD = 1024;
/** Brotli quality 4 and gzip level 4: measured on the list routes with `npm run bench` (docs/performance.md). */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 4;

// JSON, HTML, JavaScript, CSS, SVG, XML — never server-sent events (a compressor would hold events back until its
// buffer fills) nor binary attachments (already compressed or not worth it).
const COMPRESSIBLE = /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.+-]+\+)?(?:json|javascript|xml)|image\/svg\+xml)(?:;|$)/;

/**
 * Compresses answers above the threshold with brotli or gzip, as the client accepts (@fastify/compress). The
 * SPA's files are precompressed at build time and sent as they are (platform/spa-routes.ts); the push-event
 * stream is written to the socket directly and never passes through here. Request bodies are not decompressed.
 */
export const compression = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}, { name: 'compression' });
