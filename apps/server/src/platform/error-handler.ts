import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRNO, type Ecode, type ErrorEnvelope, type FieldError } from '@service-hall/contracts';
import { ZodError } from 'zod';
import { AppError } from './app-error.ts';
import { translate } from '../i18n/messages.ts';
import { requestLocale } from './locale.ts';

/** Sends the error envelope of DESIGN §4; `error` is in the request's language. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  err: AppError,
): FastifyReply {
  const locale = requestLocale(request);
  const body: ErrorEnvelope = {
    errno: ERRNO[err.ecode],
    ecode: err.ecode,
    error: translate(err.messageKey, locale, err.params),
    entities: [],
  };
  if (err.details?.length) body.details = err.details;
  if (err.ecode === 'ACCESS_TOKEN_INVALID' || err.ecode === 'ACCESS_TOKEN_EXPIRED') {
    reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
  }
  return reply.code(err.status).send(body);
}

/** Converts zod issues to field errors (path joined with dots). */
export function zodDetails(error: ZodError): FieldError[] {
  return error.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));
}

/** Maps every thrown error to the envelope; 5xx are logged with context and never leak internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 401 || error.status === 403 || error.status === 429) {
        request.log.warn({ security: true, ecode: error.ecode, user: request.user?.id ?? null }, 'request refused');
      }
      return sendError(request, reply, error);
    }
    if (error instanceof ZodError) {
      request.log.info({ security: true, validation: true, user: request.user?.id ?? null }, 'validation failed');
      return sendError(request, reply, new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, zodDetails(error)));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status < 500) {
      const ecode: Ecode =
        status === 413 ? 'PAYLOAD_TOO_LARGE'
        : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE'
        : status === 429 ? 'RATE_LIMITED'
        : status === 404 ? 'NOT_FOUND'
        : 'VALIDATION_FAILED';
      return sendError(request, reply, new AppError(ecode));
    }
    if (isUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(request, reply, new AppError('SERVICE_UNAVAILABLE'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('NOT_FOUND', 'ROUTE_NOT_FOUND')));
}

function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', 'SQLITE_BUSY', 'ETIMEDOUT'].includes(code);
}
