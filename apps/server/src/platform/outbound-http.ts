/**
 * The one way the server calls another system over HTTP (callbacks, CAS, an external IdP's discovery, userinfo and
 * keys). Whatever the other side does, an exchange
 * - ends by its deadline, counted from the request to the body's last byte: a peer trickling its headers or its body
 *   is cut when the time is up, like one that never answers;
 * - reads at most `maxBytes` of body (1 MiB by default), decompressed, and never holds more: an answer declaring or
 *   sending more is refused as soon as that is known, and the connection is closed instead of drained;
 * - follows no redirect: a 3xx is the answer, so a peer cannot send the request somewhere the caller did not choose;
 * - fails with one type, OutboundError, whose kind says why (timeout, too-large, network) and whose `target` names
 *   the peer without query string or credentials (a CAS ticket rides in the query), so it can be logged as is.
 */

/** How many body bytes an answer from another system may have. CAS, discovery, userinfo and keys are a few KB. */
export const OUTBOUND_MAX_BYTES = 1024 * 1024;

export type OutboundFailure = 'timeout' | 'too-large' | 'network';

const FAILURE_TEXT: Record<OutboundFailure, string> = {
  timeout: 'no complete answer before the deadline',
  'too-large': 'the answer was larger than allowed',
  network: 'no HTTP answer (connection refused or broken, or not HTTP)',
};

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    readonly target: string,
    options?: { cause?: unknown },
  ) {
    super(`${target}: ${FAILURE_TEXT[kind]}`, options);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string> | Headers;
  body?: string;
  /** Milliseconds for the whole exchange: connecting, the headers and the whole body. */
  timeoutMs: number;
  /** Most body bytes read (OUTBOUND_MAX_BYTES when left out). */
  maxBytes?: number;
  /** false: the body is read only to count it, and dropped (a callback's answer carries nothing we use). */
  keepBody?: boolean;
  /** The caller's own cancellation, joined to the deadline. */
  signal?: AbortSignal;
}

export interface OutboundAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The whole body, at most `maxBytes`; empty when `keepBody` is false. */
  body: Buffer;
}

/** The peer for logs and messages: scheme, host, port and path; never the query string or credentials. */
export function outboundTarget(url: string | URL): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** One bounded HTTP exchange with another system (see the module comment). */
export async function outboundRequest(url: string | URL, req: OutboundRequest): Promise<OutboundAnswer> {
  const target = outboundTarget(url);
  const max = req.maxBytes ?? OUTBOUND_MAX_BYTES;
  const keep = req.keepBody ?? true;
  const controller = new AbortController();
  // The first reason an exchange was cut wins; aborting then closes the connection whatever phase it was in.
  let failure: OutboundFailure | null = null;
  const cut = (why: OutboundFailure) => {
    failure ??= why;
    controller.abort();
  };
  const deadline = setTimeout(() => cut('timeout'), req.timeoutMs);
  const onCallerAbort = () => cut('timeout');
  req.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (req.signal?.aborted) cut('timeout');
  try {
    const res = await fetch(url, {
      method: req.method ?? 'GET',
      headers: req.headers,
      body: req.body,
      redirect: 'manual',
      signal: controller.signal,
    });
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > max) cut('too-large');
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (res.body && !failure) {
      // Leaving the loop early cancels the stream; `cut` has aborted the request, so the socket is closed, not drained.
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > max) {
          cut('too-large');
          break;
        }
        if (keep) chunks.push(chunk);
      }
    }
    if (failure) throw new OutboundError(failure, target);
    return {
      status: res.status,
      ok: res.ok,
      headers: res.headers,
      body: keep ? Buffer.concat(chunks) : Buffer.alloc(0),
    };
  } catch (e) {
    if (e instanceof OutboundError) throw e;
    throw new OutboundError(failure ?? 'network', target, { cause: e });
  } finally {
    clearTimeout(deadline);
    req.signal?.removeEventListener('abort', onCallerAbort);
  }
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for libraries that take one (jose's `customFetch` for an external IdP's keys): the same bounds, the
 * answer handed back as a Response over the bytes already read.
 */
export function boundedFetch(timeoutMs: number) {
  return async (url: string, init: { method?: string; headers?: Headers; signal?: AbortSignal }): Promise<Response> => {
    const answer = await outboundRequest(url, {
      method: init.method === 'POST' ? 'POST' : 'GET',
      ...(init.headers ? { headers: init.headers } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
      timeoutMs,
    });
    return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: answer.headers,
    });
  };
}
