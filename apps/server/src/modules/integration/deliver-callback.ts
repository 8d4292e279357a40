import { randomUUID } from 'node:crypto';

import type { Config } from '../../config.ts';
import type { CallbackOutcome } from '../../platform/metrics.ts';
import { OutboundError, outboundRequest, type OutboundFailure } from '../../platform/outbound-http.ts';
import { signatureHeader } from './callback-signature.ts';

export interface Delivery {
  url: string;
  /** What is sent, as JSON; each attempt adds `delivery: {id, attempt}` so no two attempts carry one signature. */
  payload: Record<string, unknown>;
  /** The same for every attempt and every retry of the same action: the system applies it once. */
  idempotencyKey: string;
  secrets: { current: string; previous: string | null; rotatedAt: number | null };
  /** Seconds, for the signature's timestamp (fresh per attempt, so a captured request cannot be replayed late). */
  now: () => number;
}

/**
 * Why a delivery failed, for the operator (callback_deliveries.last_error and the log): no complete answer in time,
 * an answer over the size cap, no HTTP answer at all, the status the system answered, or a URL no longer under the
 * system's registered base. The member is told none of this: every failure reads the same to them.
 */
export type FailureReason = { kind: OutboundFailure } | { kind: 'status'; status: number } | { kind: 'outside-base' };
export type DeliveryOutcome = { ok: true; attempts: number } | { ok: false; attempts: number; reason: FailureReason };

/**
 * The metric's outcome: a 3xx or 4xx other than 429 is the system's refusal; a 5xx or 429 still there after the
 * retries means the system was unavailable.
 */
export function outcomeLabel(outcome: DeliveryOutcome): CallbackOutcome {
  if (outcome.ok) return 'ok';
  const { reason } = outcome;
  if (reason.kind !== 'status') return reason.kind;
  return reason.status >= 500 || reason.status === 429 ? 'unavailable' : 'refused';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POSTs a member's action to the system's callback: each attempt bounded by CALLBACK_TIMEOUT_MS from connecting to
 * the answer's last byte, with a fresh timestamp and signature, the same Idempotency-Key throughout. The answer's
 * body is counted, not kept (a system's answer format is its own), and one over the outbound cap is a failure. A
 * 2xx is done; a redirect is not followed (a 3xx is the system's refusal: the request goes nowhere the system was
 * not registered at). A timeout, an answer too large, a connection failure, an answer that is not HTTP, a 5xx or a
 * 429 is retried with doubling backoff; any other status is the system's refusal and is not.
 */
export async function deliverCallback(policy: Config['callbacks'], d: Delivery): Promise<DeliveryOutcome> {
  let reason: FailureReason = { kind: 'network' };
  for (let attempt = 1; attempt <= policy.retries + 1; attempt++) {
    if (attempt > 1) await sleep(policy.backoffMs * 2 ** (attempt - 2));
    const timestamp = d.now();
    const body = JSON.stringify({ ...d.payload, delivery: { id: randomUUID(), attempt } });
    try {
      const res = await outboundRequest(d.url, {
        method: 'POST',
        body,
        timeoutMs: policy.timeoutMs,
        keepBody: false,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'ServiceHall-Callback/1',
          'idempotency-key': d.idempotencyKey,
          'x-servicehall-timestamp': String(timestamp),
          'x-servicehall-signature': signatureHeader(d.secrets, timestamp, body),
        },
      });
      if (res.ok) return { ok: true, attempts: attempt };
      reason = { kind: 'status', status: res.status };
      if (res.status < 500 && res.status !== 429) return { ok: false, attempts: attempt, reason };
    } catch (e) {
      if (!(e instanceof OutboundError)) throw e;
      reason = { kind: e.kind };
    }
  }
  return { ok: false, attempts: policy.retries + 1, reason };
}
