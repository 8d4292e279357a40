import { appendFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

import { ECODES, ErrorEnvelope, replySchema, type Ecode } from '@service-hall/contracts';

/** What the contract check saw over one test app's life. */
export interface ContractCheck {
  checked: number;
  mismatches: string[];
}

/**
 * Checks every answer of a contract route against the route's documented schema: the success body at 200, the
 * error envelope (with a documented status) otherwise. Installed by createTestApp on every API test app, so the
 * OpenAPI document cannot drift from what the server sends. Streams (SSE, GraphQL) are not checked here.
 */
export function installContractCheck(app: FastifyInstance): ContractCheck {
  const check: ContractCheck = { checked: 0, mismatches: [] };
  app.addHook('onSend', (request, reply, payload, done) => {
    const contract = request.routeOptions.config?.contract;
    if (!contract || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) {
      return done(null, payload);
    }
    check.checked += 1;
    const status = reply.statusCode;
    // The route's pattern, not the URL: a test may put a token in the query string to see it refused.
    const where = `${request.method} ${request.routeOptions.url} → ${status}`;
    const documented = Object.keys((request.routeOptions.schema?.response ?? {}) as object).map(Number);
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      check.mismatches.push(`${where}: not JSON`);
      return done(null, payload);
    }
    // A raw body (health checks) is its own schema at any status, unless it is an error envelope.
    const isErrorEnvelope = status >= 400 && typeof body === 'object' && body !== null && 'ecode' in body;
    const schema =
      !isErrorEnvelope && (status === 200 || contract.reply.kind === 'raw')
        ? replySchema(contract.reply)
        : ErrorEnvelope;
    if ((contract.reply.kind !== 'raw' || isErrorEnvelope) && !documented.includes(status)) {
      check.mismatches.push(`${where}: status not documented (${documented.join(', ')})`);
    }
    const result = schema.safeParse(body);
    if (!result.success) {
      check.mismatches.push(
        `${where}: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    } else if (isErrorEnvelope) {
      const ecode = (body as { ecode: Ecode }).ecode;
      if (ECODES[ecode] !== status) check.mismatches.push(`${where}: ecode ${ecode} is documented as ${ECODES[ecode]}`);
    }
    done(null, payload);
  });
  return check;
}

/** Fails the test file when answers did not match their contracts; with CONTRACT_CHECK_REPORT set, appends a tally. */
export function reportContractCheck(check: ContractCheck): void {
  const file = process.env.CONTRACT_CHECK_REPORT;
  if (file) {
    appendFileSync(
      file,
      `${JSON.stringify({ checked: check.checked, mismatches: check.mismatches.length, detail: check.mismatches })}\n`,
    );
  }
  if (check.mismatches.length > 0) {
    throw new Error(`answers that do not match their route contract:\n${check.mismatches.join('\n')}`);
  }
}
