import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// What we accept from a proxy or client: short, and only characters safe in a log line and a header.
const ACCEPTED = /^[A-Za-z0-9._:@-]{8,128}$/;

/**
 * Fastify's `genReqId`: the caller's X-Request-Id when it is well-formed (a proxy's or gateway's id, so one
 * request can be followed across systems), else a fresh UUID. Pino puts the id in every log line of the request
 * as `reqId`; platform/metrics-plugin.ts echoes it in the answer.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}

/** Echoes the request id in `X-Request-Id` on every answer, also on streams and the IdP's own responses. */
export const echoRequestId = (
  request: { id: string; raw: IncomingMessage },
  reply: { raw: import('node:http').ServerResponse },
  done: () => void,
): void => {
  // Set on the raw response: kept by Fastify's reply and by hijacked replies (push events, oidc-provider) alike.
  reply.raw.setHeader('x-request-id', request.id);
  done();
};
