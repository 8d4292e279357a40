import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';

import {
  ECODES,
  ErrorEnvelope,
  replySchema,
  wrapReply,
  type Ecode,
  type ParsedInput,
  type ReplyOf,
  type RouteContract,
} from '@service-hall/contracts';

import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import type { Locale } from '../i18n/messages.ts';
import { runIdempotent } from '../modules/idempotency/run-idempotent.ts';
import { absoluteUris, portalBase } from './absolute-uri.ts';
import { AppError } from './app-error.ts';
import type { AppContext } from './context.ts';
import { ownListKey, servePage, storePage, type PageRequest } from './list-cache.ts';
import { requestLocale } from './locale.ts';
import { scopeRefusal } from './scope-refusal.ts';

/** What a route handler gets: the parsed input of its contract, the caller and the request's language. */
export type RouteInput<C extends RouteContract> = ParsedInput<C> & {
  /** The verified caller (a route whose contract is `public` gets null). */
  user: C extends { public: true } ? AuthUser | null : AuthUser;
  locale: Locale;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** An idempotent route's handler also gets the hook that stores its answer inside its own transaction. */
export type OnCommit<C extends RouteContract> = (trx: Db, result: ReplyOf<C>) => Promise<void>;

type Handler<C extends RouteContract> = C extends { idempotent: true }
  ? (input: RouteInput<C>, onCommit?: OnCommit<C>) => Promise<ReplyOf<C>>
  : (input: RouteInput<C>) => Promise<ReplyOf<C>> | ReplyOf<C>;

/** A route ready for `app.route`: built by defineRoute, registered by the API plugin (platform/api-plugin.ts). */
export interface DefinedRoute {
  contract: RouteContract;
  options: (ctx: AppContext) => RouteOptions;
}

/** Ecodes any authenticated route may answer, beside the ones its contract names. */
const COMMON_ERRORS: readonly Ecode[] = [
  'VALIDATION_FAILED',
  'ACCESS_TOKEN_INVALID',
  'ACCESS_TOKEN_EXPIRED',
  'ACCESS_TOKEN_SCOPE_INVALID',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
];

/** The error responses of a contract, by status, each naming its ecodes (for the OpenAPI document). */
function errorResponses(contract: RouteContract): Record<number, unknown> {
  const ecodes = new Set<Ecode>([
    ...(contract.public ? (['VALIDATION_FAILED', 'INTERNAL'] as const) : COMMON_ERRORS),
    ...(contract.errors ?? []),
  ]);
  // A failed write (disk full, I/O error) or an unreachable database answers 503 on any enveloped route; the health checks' raw 503 body is
  // their own schema, so no envelope serializer may claim that status for them.
  if (contract.reply.kind !== 'raw') ecodes.add('STORAGE_UNAVAILABLE');
  if (contract.idempotent) ecodes.add('IDEMPOTENCY_KEY_REUSED').add('IDEMPOTENCY_KEY_IN_USE');
  if (contract.body) ecodes.add('PAYLOAD_TOO_LARGE').add('UNSUPPORTED_MEDIA_TYPE').add('INPUT_TOO_DEEP');
  const byStatus = new Map<number, Ecode[]>();
  for (const ecode of ecodes) byStatus.set(ECODES[ecode], [...(byStatus.get(ECODES[ecode]) ?? []), ecode]);
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [status, ErrorEnvelope.describe(`ecode: ${codes.join(', ')}`)]),
  );
}

/**
 * A contract's response schemas, made once per contract: `describe` returns a new schema object, and the serialiser
 * compiled for a schema is kept by its identity (platform/schema-compilers.ts), so a second app in the same process
 * (API tests, scale-out instances) reuses the first one's serialisers instead of compiling them again.
 */
const responseSchemas = new WeakMap<RouteContract, Record<number, unknown>>();
function responsesOf(contract: RouteContract): Record<number, unknown> {
  let responses = responseSchemas.get(contract);
  if (!responses) {
    responses = { 200: replySchema(contract.reply).describe('Success'), ...errorResponses(contract) };
    responseSchemas.set(contract, responses);
  }
  return responses;
}

/** The Fastify schema of a contract: validation, serialisation and the OpenAPI operation in one object. */
export function routeSchema(contract: RouteContract): Record<string, unknown> {
  return {
    operationId: contract.operationId,
    summary: contract.summary,
    tags: [contract.tag],
    ...(contract.scope ? { description: `Scope: \`${contract.scope}\`.` } : {}),
    ...(contract.public ? { security: [] } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.idempotent ? { headers: idempotencyHeader } : {}),
    response: { ...responsesOf(contract) },
  };
}

const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Any visible ASCII, at most 100 characters: a retry with the same key replays the first answer'),
});

/**
 * Declares a route from its contract: the scope it needs, its schemas (validated and serialised by the API
 * plugin's compilers, published in the OpenAPI document), idempotency and the success envelope. The handler gets
 * the parsed input and the caller, and returns the value inside the envelope.
 */
export function defineRoute<const C extends RouteContract>(
  contract: C,
  handler: (ctx: AppContext) => Handler<C>,
  /** A list page served from the page cache while its versions hold: its key, or null (platform/list-cache.ts). */
  pageCache?: (input: PageRequest) => string | null,
): DefinedRoute {
  return {
    contract,
    options: (ctx) => {
      const handle = handler(ctx) as (input: RouteInput<C>, onCommit?: OnCommit<C>) => Promise<ReplyOf<C>>;
      const base = portalBase(ctx.config);
      const wrap = (value: unknown) =>
        wrapReply(contract.reply, contract.reply.kind === 'raw' ? value : absoluteUris(value, base));
      const run = async (input: RouteInput<C>, request: FastifyRequest, reply: FastifyReply) => {
        if (contract.idempotent) {
          return runIdempotent(
            ctx,
            request,
            reply,
            input.user as AuthUser,
            (onCommit) => handle(input, onCommit as OnCommit<C>),
            wrap,
          );
        }
        const value = await handle(input);
        if (reply.sent) return reply;
        return wrap(value);
      };
      return {
        method: contract.method,
        url: contract.path,
        schema: routeSchema(contract),
        ...(contract.paramsInBody ? { preValidation: mergeBodyIntoQuery } : {}),
        ...(pageCache && ctx.listCache ? { onSend: storePage } : {}),
        config: {
          contract,
          ...(contract.scope ? { scope: contract.scope } : {}),
          ...(contract.public ? { public: true } : {}),
        },
        // Not an async function: a cache hit is answered without a promise (platform/list-cache.ts).
        handler: (request, reply) => {
          const user = request.user;
          // The auth hook already refused these; checked again so a route can never run without its caller.
          if (!contract.public && !user) throw new AppError('ACCESS_TOKEN_INVALID');
          if (contract.scope && !user!.scopes.has(contract.scope)) throw scopeRefusal(contract.scope);
          const input = {
            params: request.params,
            query: request.query,
            body: request.body,
            user,
            locale: requestLocale(request),
            request,
            reply,
          } as RouteInput<C>;
          const cacheKey = pageCache && ctx.listCache ? pageCache(input) : null;
          if (cacheKey === null) return run(input, request, reply);
          const served = servePage(ctx.listCache!, ctx.db, user!.id, cacheKey, request, reply);
          if (served === true) return undefined;
          if (served === false) return run(input, request, reply);
          return served.then((hit) => (hit ? reply : run(input, request, reply)));
        },
      };
    },
  };
}

/** One of the caller's own list pages (to-do, doing, done, cc), served from the page cache while current. */
export function defineListRoute<const C extends RouteContract>(
  contract: C,
  handler: (ctx: AppContext) => Handler<C>,
): DefinedRoute {
  return defineRoute(contract, handler, ownListKey(`${contract.method} ${contract.path}`));
}

/**
 * A list read by POST (contract `paramsInBody`): the body's parameters join the query string's, the body winning,
 * before both are validated by the same schema — so a client may send them either way, or split.
 */
function mergeBodyIntoQuery(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  const body =
    request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const merged = { ...(request.query as Record<string, unknown>), ...body };
  request.query = merged;
  request.body = merged;
  done();
}
