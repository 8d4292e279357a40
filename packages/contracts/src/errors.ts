/** Stable error codes carried in the `ecode` field of every error envelope (docs/product.md §10). */
export const ECODES = {
  ACCESS_TOKEN_INVALID: 401,
  ACCESS_TOKEN_EXPIRED: 401,
  ACCESS_TOKEN_SCOPE_INVALID: 403,
  /** A token sent in the URL (`?access_token=`): refused, but not called invalid — it may well be valid. */
  ACCESS_TOKEN_IN_URL: 400,
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  /** `userId` names someone the caller may not act for or view (docs/product.md §11, "userId"). */
  USER_ID_FORBIDDEN: 403,
  CONFLICT: 409,
  TASK_ALREADY_HANDLED: 409,
  // Administration (issue 15): refusals an administrator or a script must tell apart.
  APP_CODE_TAKEN: 409,
  APP_CODE_IN_USE: 409,
  APP_HAS_OPEN_PROCESSES: 409,
  ACCOUNT_TAKEN: 409,
  IMAGE_UNSAFE: 422,
  CSV_INVALID: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** An external system's callback did not accept a member's action (timeout, non-2xx, no HTTP answer). */
  CALLBACK_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  /** The database cannot write: disk full or an I/O error. */
  STORAGE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type Ecode = keyof typeof ECODES;

/** Numeric errno sent beside the ecode; 0 means success (docs/product.md §8). */
export const ERRNO: Record<Ecode, number> = {
  ACCESS_TOKEN_INVALID: 40101,
  ACCESS_TOKEN_EXPIRED: 40102,
  ACCESS_TOKEN_SCOPE_INVALID: 40301,
  ACCESS_TOKEN_IN_URL: 40003,
  VALIDATION_FAILED: 40001,
  NOT_FOUND: 40401,
  FORBIDDEN: 40302,
  USER_ID_FORBIDDEN: 40303,
  CONFLICT: 40901,
  TASK_ALREADY_HANDLED: 40902,
  APP_CODE_TAKEN: 40904,
  APP_CODE_IN_USE: 40905,
  APP_HAS_OPEN_PROCESSES: 40906,
  ACCOUNT_TAKEN: 40907,
  IMAGE_UNSAFE: 42202,
  CSV_INVALID: 40002,
  IDEMPOTENCY_KEY_REUSED: 42201,
  IDEMPOTENCY_KEY_IN_USE: 40903,
  PAYLOAD_TOO_LARGE: 41301,
  UNSUPPORTED_MEDIA_TYPE: 41501,
  RATE_LIMITED: 42901,
  CALLBACK_FAILED: 50201,
  SERVICE_UNAVAILABLE: 50301,
  STORAGE_UNAVAILABLE: 50302,
  INTERNAL: 50001,
};
