import i18next from 'i18next';

import type { FieldError } from '@service-hall/contracts';

/** A failed call: HTTP status, the envelope's errno/ecode, the server's message text and per-field details. */
export class ApiError extends Error {
  readonly status: number;
  readonly errno: number;
  readonly ecode: string;
  readonly details: FieldError[];

  constructor(init: { status: number; errno: number; ecode?: string; message: string; details?: FieldError[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.errno = init.errno;
    this.ecode = init.ecode ?? '';
    this.details = init.details ?? [];
  }
}

const NETWORK_MESSAGE = /failed to fetch|networkerror|network error|load failed|network request failed|timed? ?out/i;

/**
 * Text to show the user for any thrown value, in the UI language. Our server's envelopes (they carry an ecode)
 * are already in the user's language; anything else — the browser's "Failed to fetch", a proxy's "Internal Server
 * Error" page — is replaced by a translated sentence instead of raw English technical text.
 */
export function errorText(err: unknown): string {
  const t = (key: string, options?: Record<string, unknown>) => i18next.t(`common:apiError.${key}`, options);
  if (err instanceof ApiError) {
    if (err.status === 0 || err.ecode === 'NETWORK') return t('network');
    if (err.ecode && err.message) return err.message;
    if (err.status === 401) return t('session');
    if (err.status >= 500) return t('server');
    return t('unexpected', { status: err.status });
  }
  if (err instanceof Error && NETWORK_MESSAGE.test(err.message)) return t('network');
  if (err instanceof Error && err.message) return err.message;
  return t('unknown');
}
