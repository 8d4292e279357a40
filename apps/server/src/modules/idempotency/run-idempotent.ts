import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorBody } from '../../platform/error-handler.ts';
import { claimKey, completeKey, findKey, releaseKey, takeOverStaleKey } from './idempotency-repository.ts';

const KEY = /^[\x21-\x7e]{1,100}$/;
/**
 * A pending key older than this belongs to a request whose server died before committing (no request runs this
 * long); a retry may take it over. Running the action again is safe even in the worst case: task actions check the
 * task's state in their own transaction, so a second run answers 409 instead of acting twice.
 */
const STALE_PENDING_SECONDS = 60;

/** The work of an idempotent request: it gets a hook to store its response inside its own transaction. */
export type IdempotentWork<T> = (onCommit?: (trx: Db, result: T) => Promise<void>) => Promise<T>;

/**
 * Runs a state-changing request at most once per (user, Idempotency-Key). Without the header the work just runs.
 * With it: the first request claims the key (pending), its success response is stored in the same transaction
 * as the change, and a 4xx answer is stored too, so a retry replays exactly what the first attempt answered.
 */
export async function runIdempotent<T>(
  ctx: AppContext, request: FastifyRequest, reply: FastifyReply, user: AuthUser, work: IdempotentWork<T>,
  ok: (result: T) => unknown,
): Promise<FastifyReply> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return reply.send(ok(await work()));
  if (typeof header !== 'string' || !KEY.test(header)) throw new AppError('VALIDATION_FAILED', 'IDEMPOTENCY_KEY_INVALID');
  const hash = requestHash(request);

  if (!(await claimKey(ctx.db, user.id, header, hash, ctx.now()))) {
    const stored = await findKey(ctx.db, user.id, header);
    if (!stored) throw new AppError('IDEMPOTENCY_KEY_IN_USE');
    if (stored.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (stored.state !== 'done') {
      const stale = stored.created_at <= ctx.now() - STALE_PENDING_SECONDS;
      if (!stale || !(await takeOverStaleKey(ctx.db, user.id, header, stored.created_at, ctx.now()))) {
        throw new AppError('IDEMPOTENCY_KEY_IN_USE');
      }
      return runClaimed(request, reply, ctx, user, header, work, ok);
    }
    return reply.code(stored.response_status ?? 200).header('Idempotent-Replayed', 'true')
      .type('application/json; charset=utf-8').send(stored.response_body);
  }

  return runClaimed(request, reply, ctx, user, header, work, ok);
}

/** Runs the work under a key this request holds, storing its answer (success in the work's own transaction). */
async function runClaimed<T>(
  request: FastifyRequest, reply: FastifyReply, ctx: AppContext, user: AuthUser, header: string, work: IdempotentWork<T>,
  ok: (result: T) => unknown,
): Promise<FastifyReply> {
  try {
    const result = await work((trx, r) => completeKey(trx, user.id, header, 200, ok(r)));
    return reply.send(ok(result));
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      // The same body the error handler sends, so a replayed failure is indistinguishable from the first.
      const body = errorBody(request, error);
      await completeKey(ctx.db, user.id, header, error.status, body);
      return reply.code(error.status).send(body);
    }
    // An unexpected failure changed nothing (its transaction rolled back): free the key for a retry.
    await releaseKey(ctx.db, user.id, header).catch(() => undefined);
    throw error;
  }
}

/** method + url + body with sorted keys: the same request retried hashes the same. */
export function requestHash(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  const body = request.body && typeof request.body === 'object'
    ? JSON.stringify(Object.keys(request.body).sort().map((k) => [k, (request.body as Record<string, unknown>)[k]]))
    : String(request.body ?? '');
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('hex');
}
