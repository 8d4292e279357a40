/** Stable error codes carried in the `ecode` field of every error envelope (docs/product.md §10). */
export const ECODES = {
  ACCESS_TOKEN_INVALID: 401,
  ACCESS_TOKEN_EXPIRED: 401,
  ACCESS_TOKEN_SCOPE_INVALID: 403,
  /**
   * A token sent in the URL or the form (`access_token=`) where only the header is taken (`/api`): refused, but not
   * called invalid — it may well be valid, and the ecode has neither TOKEN nor ACCESS in it, which clients read as
   * "sign in again".
   */
  CREDENTIALS_NOT_IN_HEADER: 400,
  VALIDATION_FAILED: 400,
  /** JSON (a body, form data, pushed data, a definition) nesting objects and arrays more than 64 levels deep. */
  INPUT_TOO_DEEP: 400,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  /** `userId` names someone the caller may not act for or view (docs/product.md §11, "userId"). */
  USER_ID_FORBIDDEN: 403,
  /** The app is not offered to the member (its `visible` rule: roles and departments, set in the console). */
  APP_NOT_VISIBLE: 403,
  CONFLICT: 409,
  TASK_ALREADY_HANDLED: 409,
  // Administration: refusals an administrator or a script must tell apart.
  APP_CODE_TAKEN: 409,
  APP_CODE_IN_USE: 409,
  APP_HAS_OPEN_PROCESSES: 409,
  ACCOUNT_TAKEN: 409,
  IMAGE_UNSAFE: 422,
  CSV_INVALID: 400,
  // Approval powers: refusals a client must tell apart; nothing changed.
  REASON_REQUIRED: 400,
  TRANSFER_TO_SELF: 400,
  USER_NOT_ACTIVE: 400,
  NOT_EARLIER_STEP: 400,
  ALREADY_ASSIGNED: 409,
  ALREADY_SIGNED: 409,
  RETURN_FROM_COUNTERSIGN: 409,
  URGED_RECENTLY: 429,
  // Attachments: an upload refused, or a form naming an upload that is not the caller's to attach.
  ATTACHMENT_TOO_LARGE: 413,
  ATTACHMENT_TYPE_REFUSED: 415,
  ATTACHMENT_CONTENT_MISMATCH: 415,
  ATTACHMENT_REFUSED_BY_SCAN: 422,
  ATTACHMENT_UNKNOWN: 400,
  /** One person's uploads passed a quota: bytes in the current hour, or bytes uploaded and not yet attached. */
  UPLOAD_QUOTA_EXCEEDED: 429,
  /** Free space of the data volume is at its reserve: uploads are paused so that every other write keeps working. */
  DISK_RESERVE_REACHED: 507,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** A task's `callbackUrl` is not under its system's registered base URL, carries credentials, or none is registered. */
  CALLBACK_URL_REFUSED: 422,
  /**
   * An external system's callback did not accept a member's action (timeout, an answer too large, non-2xx, no HTTP
   * answer): one message whatever the cause, which is logged.
   */
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
  CREDENTIALS_NOT_IN_HEADER: 40003,
  VALIDATION_FAILED: 40001,
  INPUT_TOO_DEEP: 40030,
  NOT_FOUND: 40401,
  FORBIDDEN: 40302,
  USER_ID_FORBIDDEN: 40303,
  APP_NOT_VISIBLE: 40304,
  CONFLICT: 40901,
  TASK_ALREADY_HANDLED: 40902,
  APP_CODE_TAKEN: 40904,
  APP_CODE_IN_USE: 40905,
  APP_HAS_OPEN_PROCESSES: 40906,
  ACCOUNT_TAKEN: 40907,
  IMAGE_UNSAFE: 42202,
  CSV_INVALID: 40002,
  REASON_REQUIRED: 40010,
  TRANSFER_TO_SELF: 40011,
  USER_NOT_ACTIVE: 40012,
  NOT_EARLIER_STEP: 40013,
  ALREADY_ASSIGNED: 40910,
  ALREADY_SIGNED: 40911,
  RETURN_FROM_COUNTERSIGN: 40912,
  URGED_RECENTLY: 42910,
  ATTACHMENT_TOO_LARGE: 41310,
  ATTACHMENT_TYPE_REFUSED: 41510,
  ATTACHMENT_CONTENT_MISMATCH: 41511,
  ATTACHMENT_REFUSED_BY_SCAN: 42210,
  ATTACHMENT_UNKNOWN: 40020,
  UPLOAD_QUOTA_EXCEEDED: 42920,
  DISK_RESERVE_REACHED: 50701,
  IDEMPOTENCY_KEY_REUSED: 42201,
  IDEMPOTENCY_KEY_IN_USE: 40903,
  PAYLOAD_TOO_LARGE: 41301,
  UNSUPPORTED_MEDIA_TYPE: 41501,
  RATE_LIMITED: 42901,
  CALLBACK_URL_REFUSED: 42220,
  CALLBACK_FAILED: 50201,
  SERVICE_UNAVAILABLE: 50301,
  STORAGE_UNAVAILABLE: 50302,
  INTERNAL: 50001,
};
