import { ApiError } from './api-error.ts';

/** Retry policy of docs/product.md §7/§9: up to 4 retries, 1 s apart, on network failures, 429, and 5xx of reads. */
export const RETRY_COUNT = 4;
export const RETRY_DELAY_MS = 1000;

export interface HttpDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

export const defaultDeps: HttpDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

/** Methods that change nothing on the server (RFC 9110 §9.2.1): repeating one after any failure is harmless. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a failed attempt is retried. 429 means the server did nothing, so any request may try again. A 5xx on a
 * write means the server failed part-way or on every try alike (a bug, a broken definition): repeating it
 * repeats the failure and may repeat its effects, and a stored idempotency result exists only for answers that
 * were given, so only reads are retried after a 5xx.
 */
function retryable(status: number, read: boolean): boolean {
  return status === 429 || (status >= 500 && read);
}

export interface SendOptions {
  /** A POST that only reads (a GraphQL query): retried after a 5xx like a GET. */
  read?: boolean;
}

/**
 * Sends one request, retrying per policy. The same RequestInit (and so the same Idempotency-Key header) is
 * reused on every attempt, so the server can answer a retry with the first result. Returns the parsed JSON body.
 */
export async function sendWithRetry(
  url: string,
  init: RequestInit,
  deps: HttpDeps = defaultDeps,
  opts: SendOptions = {},
): Promise<unknown> {
  const read = opts.read === true || SAFE_METHODS.has((init.method ?? 'GET').toUpperCase());
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_COUNT; attempt++) {
    if (attempt > 0) await deps.sleep(RETRY_DELAY_MS);
    let res: Response;
    try {
      res = await deps.fetch(url, init);
    } catch (err) {
      // Aborts are the caller's decision, not a network failure.
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      lastError = new ApiError({
        status: 0,
        errno: -1,
        ecode: 'NETWORK',
        message: (err as Error)?.message || 'Network error',
      });
      continue;
    }
    const body = await readBody(res);
    if (res.ok) return body;
    const apiErr = toApiError(res.status, body);
    // A failed callback to an external system was already retried by the server (same idempotency key there).
    if (!retryable(res.status, read) || apiErr.ecode === 'CALLBACK_FAILED') throw apiErr;
    lastError = apiErr;
  }
  throw lastError;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { errno: res.ok ? 0 : res.status, error: text.slice(0, 200) };
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as { errno?: number; ecode?: string; error?: string; message?: string; details?: [] };
  return new ApiError({
    status,
    errno: b.errno ?? status,
    ecode: b.ecode,
    message: b.error || b.message || `HTTP ${status}`,
    details: b.details,
  });
}

/** Throws ApiError when a 2xx envelope still says errno ≠ 0 (docs/product.md §8). */
export function checkEnvelope<T extends { errno?: number }>(body: T, status = 200): T {
  if (body && typeof body.errno === 'number' && body.errno !== 0) throw toApiError(status, body);
  return body;
}
