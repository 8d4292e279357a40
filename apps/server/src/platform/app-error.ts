import { ECODES, type Ecode, type FieldError } from '@service-hall/contracts';

import type { MessageKey } from '../i18n/messages.ts';

/**
 * The one error type domain code throws. It carries a stable ecode and a message key; the error handler turns it
 * into the envelope with the message in the request's language.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly ecode: Ecode,
    readonly messageKey: MessageKey = ecode,
    readonly params: Record<string, string | number> = {},
    readonly details?: FieldError[],
  ) {
    super(`${ecode}: ${messageKey}`);
    this.status = ECODES[ecode];
  }
}

export const notFound = (what: MessageKey = 'NOT_FOUND') => new AppError('NOT_FOUND', what);
export const forbidden = (why: MessageKey = 'FORBIDDEN') => new AppError('FORBIDDEN', why);
export const conflict = (why: MessageKey = 'CONFLICT') => new AppError('CONFLICT', why);
export const invalid = (details: FieldError[], key: MessageKey = 'VALIDATION_FAILED') =>
  new AppError('VALIDATION_FAILED', key, {}, details);
