import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorBody } from '../../platform/error-handler.ts';
import { claimKey, completeKey, findKey, releaseKey, takeOverExpiredKey } from './idempotency-repository.ts';

const KEY = /^[\x21-\x7e]{1,100}$/;

/** The work of an idempotent request: it gets a hook to store its response inside its own transaction. */
export type IdempotentWork<T> = (onCommit?: (trx: Db, result: T) => Promise<void>) => Promise<T>;

/**
 * Runs a state-changing request at most once per (user, Idempotency-Key). Without the header the work just runs.
 *
 * With it, the request first holds the key: a pending row naming a random holder token, leased until the
 * database's clock passes `now + IDEMPOTENCY_LEASE_MS`. A retry while the lease runs answers 409
 * IDEMPOTENCY_KEY_IN_USE; a retry after it has run out takes the key over under its own token (the first request
 * may have died, or may just be slow). No instance's own clock takes part: the lease is written and compared by
 * the database, so instances whose clocks disagree still agree on it.
 *
 * Why the change is never applied twice: the work's change and the key's completion commit in one transaction,
 * and the completion (completeKey) updates the row only `where holder = <this request's token>`. When it updates
 * no row the hook throws and the change rolls back. Every holder change is itself a single-row update on the same
 * row, so the database orders the two: either the first request's completion wrote first (the row is done and the
 * taker-over's `where state = 'pending'` finds nothing; on PostgreSQL it waits on the row lock and re-checks), or
 * the take-over did (the completion finds another token and rolls back). Of all the requests that ever held the
 * key, only the one holding it at its commit can commit a change — time decides only who may try, never who
 * commits. A 4xx answer is stored the same way, only by the holder.
 */
export async function runIdempotent<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  work: IdempotentWork<T>,
  ok: (result: T) => unknown,
): Promise<FastifyReply> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return reply.send(ok(await work()));
  if (typeof header !== 'string' || !KEY.test(header))
    throw new AppError('VALIDATION_FAILED', 'IDEMPOTENCY_KEY_INVALID');
  const hash = requestHash(request);
  const hold = { userId: user.id, key: header, holder: randomBytes(16).toString('hex') };
  const leaseMs = ctx.config.idempotencyLeaseMs;

  if (await claimKey(ctx.db, ctx.dialect, { ...hold, hash, leaseMs, createdAt: ctx.now() })) {
    return runHeld(request, reply, ctx, hold, work, ok);
  }
  const stored = await findKey(ctx.db, user.id, header);
  if (!stored) throw new AppError('IDEMPOTENCY_KEY_IN_USE');
  if (stored.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (stored.state === 'done') return replay(reply, stored);
  if (await takeOverExpiredKey(ctx.db, ctx.dialect, { ...hold, leaseMs }))
    return runHeld(request, reply, ctx, hold, work, ok);
  // The take-over may have lost to the first request's completion: then its answer is there to replay.
  const after = await findKey(ctx.db, user.id, header);
  if (after?.state === 'done' && after.request_hash === hash) return replay(reply, after);
  throw new AppError('IDEMPOTENCY_KEY_IN_USE');
}

function replay(
  reply: FastifyReply,
  stored: { response_status: number | null; response_body: string | null },
): FastifyReply {
  return reply
    .code(stored.response_status ?? 200)
    .header('Idempotent-Replayed', 'true')
    .type('application/json; charset=utf-8')
    .send(stored.response_body);
}

/** Runs the work under a key this request holds, storing its answer (success in the work's own transaction). */
async function runHeld<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  hold: { userId: string; key: string; holder: string },
  work: IdempotentWork<T>,
  ok: (result: T) => unknown,
): Promise<FastifyReply> {
  try {
    const result = await work(async (trx, r) => {
      // Throwing here rolls the change back: a retry holds the key now and runs (or ran) the change itself.
      if (!(await completeKey(trx, hold, 200, ok(r)))) throw new AppError('IDEMPOTENCY_KEY_IN_USE');
    });
    return reply.send(ok(result));
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      // The same body the error handler sends, so a replayed failure is indistinguishable from the first.
      const body = errorBody(request, error);
      await completeKey(ctx.db, hold, error.status, body);
      return reply.code(error.status).send(body);
    }
    // An unexpected failure changed nothing (its transaction rolled back): free the key for a retry.
    await releaseKey(ctx.db, hold).catch(() => undefined);
    throw error;
  }
}

/** method + url + body with sorted keys: the same request retried hashes the same. */
export function requestHash(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  const body =
    request.body && typeof request.body === 'object'
      ? JSON.stringify(
          Object.keys(request.body)
            .sort()
            .map((k) => [k, (request.body as Record<string, unknown>)[k]]),
        )
      : String(request.body ?? '');
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('hex');
}
