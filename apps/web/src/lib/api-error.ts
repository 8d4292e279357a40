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

/** Text to show the user for any thrown value. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
