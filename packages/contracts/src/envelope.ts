import type { Ecode } from './errors.ts';

/** Every REST response of the workflow API (DESIGN §4). `total` is present on lists. */
export interface Envelope<T> {
  errno: number;
  error: string;
  total?: number;
  entities: T[];
}

/** A field-level validation problem, returned in `details` of a VALIDATION_FAILED error. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorEnvelope {
  errno: number;
  ecode: Ecode;
  error: string;
  entities: [];
  details?: FieldError[];
}

/** Task-centre API responses (spec §7) use `code` + `data`/`t` instead of errno. */
export interface TaskCentreResponse<T> {
  code: number;
  message?: string;
  data: T;
}
