/** The engine's one error vocabulary: stable codes the server maps to HTTP errors. */

export type EngineErrorCode =
  | 'INVALID_DEFINITION'
  | 'TASK_NOT_OPEN'
  | 'ACTION_NOT_OFFERED'
  | 'NOT_STARTER'
  | 'CANNOT_WITHDRAW'
  | 'NO_ASSIGNEE'
  | 'PROCESS_NOT_RUNNING'
  | 'REMARK_REQUIRED'
  | 'REASON_REQUIRED'
  | 'NOT_ASSIGNEE'
  | 'TRANSFER_TO_SELF'
  | 'ALREADY_ASSIGNED'
  | 'ALREADY_SIGNED'
  | 'NOT_EARLIER_STEP'
  | 'RETURN_FROM_COUNTERSIGN'
  | 'URGED_RECENTLY';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  /** Machine-readable context, e.g. the list of problems of an invalid definition. */
  readonly details: unknown;

  constructor(code: EngineErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    this.details = details;
  }
}

/** True when `error` is an EngineError, optionally with the given code. */
export function isEngineError(error: unknown, code?: EngineErrorCode): error is EngineError {
  return error instanceof EngineError && (code === undefined || error.code === code);
}
