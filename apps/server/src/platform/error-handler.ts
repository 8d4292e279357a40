import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';

import { ERRNO, type Ecode, type ErrorEnvelope, type FieldError } from '@service-hall/contracts';

import { translate } from '../i18n/catalogue.ts';
import type { Locale } from '../i18n/messages.ts';
import { AppError } from './app-error.ts';
import { requestLocale } from './locale.ts';
import { applySecurityHeaders } from './security-headers.ts';
import { installStorageHealth } from './storage-health.ts';

/** The error envelope for an error, `error` in `locale`: the one place it is built. */
export function envelopeOf(err: AppError, locale: Locale): ErrorEnvelope {
  const body: ErrorEnvelope = {
    errno: ERRNO[err.ecode],
    ecode: err.ecode,
    error: translate(err.messageKey, locale, err.params),
    entities: [],
  };
  if (err.details?.length) body.details = err.details;
  return body;
}

/** The error envelope for an error, in the request's language. */
export function errorBody(request: FastifyRequest, err: AppError): ErrorEnvelope {
  return envelopeOf(err, requestLocale(request));
}

/** Sends the error envelope (docs/product.md, "Calls"). */
export function sendError(request: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  const body = errorBody(request, err);
  if (err.ecode === 'ACCESS_TOKEN_INVALID' || err.ecode === 'ACCESS_TOKEN_EXPIRED') {
    reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
  } else if (err.ecode === 'ACCESS_TOKEN_SCOPE_INVALID') {
    // RFC 6750 §3.1: the scope the request needs, so a client can ask for it (scopes are [\w] words, nothing to escape).
    const scope = typeof err.params.scope === 'string' ? `, scope="${err.params.scope}"` : '';
    reply.header('WWW-Authenticate', `Bearer error="insufficient_scope"${scope}`);
  }
  return reply.code(err.status).send(body);
}

/** Converts zod issues to field errors (path joined with dots), saying where the field was sent when known. */
export function zodDetails(error: ZodError, where?: FieldError['in']): FieldError[] {
  return error.issues.map((i) => ({
    field: i.path.join('.') || `(${where ?? 'body'})`,
    ...(where ? { in: where } : {}),
    message: i.message,
  }));
}

/**
 * Logs a refused request as a security event (who, what, where; pino adds when). Shared by REST and GraphQL, so a
 * refusal is traced the same way whichever transport carried it. `tokenChecked: false` when the caller checked the
 * token's scope itself (GraphQL resolvers), so the bearer-auth hook did not log it.
 */
export function logRefusal(request: FastifyRequest, error: AppError, { tokenChecked = true } = {}): void {
  if (tokenChecked && error.ecode.startsWith('ACCESS_TOKEN_')) {
    // Already logged, with the reason, by the bearer-auth hook (auth.refused).
  } else if (error.status === 401 || error.status === 403 || error.status === 429) {
    request.log.warn(securityEvent(request, 'request.refused', error.ecode), 'request refused');
  } else if (error.status === 404) {
    // Somebody else's task or process answers 404 (it must not be told it exists): still worth a trace.
    request.log.info(securityEvent(request, 'request.not_found', error.ecode), 'object not found or hidden');
  } else if (error.ecode === 'VALIDATION_FAILED') {
    request.log.info(securityEvent(request, 'validation.failed', error.ecode), 'validation failed');
  }
}

/** Maps every thrown error to the envelope; 5xx are logged with context and never leak internals. */
export function installErrorHandler(app: FastifyInstance): void {
  const storage = installStorageHealth(app);
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      logRefusal(request, error);
      return sendError(request, reply, error);
    }
    if (error instanceof ZodError) {
      request.log.info(securityEvent(request, 'validation.failed', 'VALIDATION_FAILED'), 'validation failed');
      return sendError(request, reply, new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, zodDetails(error)));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status < 500) {
      const ecode: Ecode =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 404
                ? 'NOT_FOUND'
                : 'VALIDATION_FAILED';
      request.log.info(securityEvent(request, 'validation.failed', ecode), 'request refused by the framework');
      return sendError(request, reply, new AppError(ecode));
    }
    if (isDataException(error)) {
      // The database refused a value the validation let through (PostgreSQL SQLSTATE class 22): bad input, not a
      // fault of ours. Logged with the cause so the missing validation can be added.
      request.log.warn(
        { err: error, ...securityEvent(request, 'validation.failed', 'VALIDATION_FAILED') },
        'database refused a value',
      );
      return sendError(request, reply, new AppError('VALIDATION_FAILED'));
    }
    if (isStorageFailure(error)) {
      // Disk full or failing: nothing the user can fix, and a generic 500 hid it from operators; /readyz fails too.
      request.log.error({ err: error }, 'database storage failure');
      storage.fail();
      return sendError(request, reply, new AppError('STORAGE_UNAVAILABLE'));
    }
    if (isDatabaseUnreachable(error)) {
      // The database does not answer (stopped, restarting, network cut, session terminated): to the user the same
      // as a failing disk, the server cannot read or store data now. Nothing of this request was committed unless
      // its commit was cut off (a retry with its Idempotency-Key settles that). /readyz fails meanwhile because
      // its ping fails, and passes again as soon as the database answers; the pool reconnects by itself.
      request.log.error({ err: error }, 'database unreachable');
      return sendError(request, reply, new AppError('STORAGE_UNAVAILABLE'));
    }
    if (isDatabaseBusy(error)) {
      request.log.error({ err: error }, 'database busy');
      return sendError(request, reply, new AppError('SERVICE_UNAVAILABLE'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('NOT_FOUND', 'ROUTE_NOT_FOUND')));
}

/**
 * A security event: who (user, address), what (method, path without its query string, ecode) — pino adds when.
 * Never the query string or headers, so a token sent in the wrong place cannot reach the log.
 */
function securityEvent(request: FastifyRequest, event: string, ecode: Ecode) {
  return {
    security: true,
    event,
    ecode,
    user: request.user?.id ?? null,
    ip: request.ip,
    method: request.method,
    path: request.url.split('?')[0],
  };
}

/**
 * Fastify's `frameworkErrors` option: a URL that is not valid percent-encoding (FST_ERR_BAD_URL) or a path
 * parameter over maxParamLength (FST_ERR_MAX_PARAM_LENGTH) is refused by the router before any hook runs, and
 * without this handler Fastify answers with its own body instead of our envelope. Pass it to `Fastify({ … })`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info(securityEvent(request, 'validation.failed', 'VALIDATION_FAILED'), error.code);
  applySecurityHeaders(request, reply);
  reply.header('Cache-Control', 'no-store');
  void sendError(request, reply, new AppError('VALIDATION_FAILED'));
}

function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  // pg errors carry a five-character SQLSTATE; class 22 is "data exception" (bad encoding, out of range…).
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && 'severity' in (error as object);
}

/**
 * SQLite's "disk full" and I/O errors (every SQLITE_IOERR_* extended code) and PostgreSQL's class 53 (insufficient
 * resources: disk full 53100, out of memory) and 58030 (I/O error).
 */
export function isStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR') || /^53[0-9A-Z]{3}$/.test(code) || code === '58030';
}

/** Socket errors of a connection to PostgreSQL that could not be opened or was cut. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The database cannot be reached: the connection was refused or cut, PostgreSQL is shutting down or starting
 * (57P01 admin shutdown, which `pg_terminate_backend` sends too; 57P02 crash shutdown; 57P03 cannot connect now) or
 * reports a connection exception (class 08, but not 08P01: a protocol violation is a fault of ours).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code !== '') {
    return CONNECTION_ERRNOS.has(code) || /^57P0[123]$/.test(code) || /^080[0-9]{2}$/.test(code);
  }
  // node-postgres fails the queries of a connection whose socket closed (its backend terminated) with this
  // message and no code; the pool replaces the connection, so a retry can succeed.
  return error instanceof Error && /^Connection terminated/.test(error.message);
}

/**
 * SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY, SQLITE_BUSY_TIMEOUT): the file is
 * held by another writer past the busy timeout — a wait the user can retry, not a fault of the storage.
 */
function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}
