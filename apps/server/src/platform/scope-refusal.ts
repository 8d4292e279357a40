import { AppError } from './app-error.ts';

/**
 * The refusal of a token that lacks a route's scope: 403 ACCESS_TOKEN_SCOPE_INVALID naming the scope, which the
 * error handler also puts in `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"` (RFC 6750 §3.1).
 */
export const scopeRefusal = (scope: string): AppError =>
  new AppError('ACCESS_TOKEN_SCOPE_INVALID', 'SCOPE_MISSING', { scope });
