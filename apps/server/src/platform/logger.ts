import type { FastifyServerOptions } from 'fastify';

import type { Config } from '../config.ts';

/**
 * Structured pino logs. Tokens never reach a log line: the authorization header, cookies and any token-bearing
 * query string are redacted, and request URLs are logged without their query string.
 */
export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.access_token',
        '*.id_token',
        '*.password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        return { method: req.method, url: req.url.split('?')[0], ip: req.ip, id: req.id };
      },
    },
  };
}
