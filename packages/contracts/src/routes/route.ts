import type { z } from 'zod';

import type { ReplySpec, ReplyValue } from '../envelope.ts';
import type { Ecode } from '../errors.ts';
import type { Scope } from '../scopes.ts';

/**
 * One operation of the API, declared once (docs/architecture.md, "How to add a route"): the server validates,
 * authorises, serialises and documents it from this object, and the web client calls it through it.
 */
export interface RouteContract {
  /** Stable operation id in the OpenAPI document, e.g. `listTodoTasks`. */
  operationId: string;
  summary: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify path syntax: `/api/task/:id`. */
  path: string;
  /** The token scope the caller needs; `null`: a token, but scopes are checked inside (GraphQL fields). */
  scope: Scope | null;
  /** No token at all (health checks). */
  public?: true;
  /** Honours an `Idempotency-Key` header: a retry replays the first answer instead of acting twice. */
  idempotent?: boolean;
  /** How the body is sent: form-encoded (the workflow API's convention) or JSON. Either is accepted. */
  encoding?: 'form' | 'json';
  /**
   * A list read by POST: its parameters may come in the query string or the body, the body winning; the
   * server merges them before validation, so `query` and `body` are the same schema.
   */
  paramsInBody?: true;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  reply: ReplySpec;
  /**
   * Ecodes this route answers beyond every authenticated route's (token, scope, validation, rate limit, server),
   * e.g. NOT_FOUND or TASK_ALREADY_HANDLED.
   */
  errors?: readonly Ecode[];
  /** The OpenAPI tag: which API family the operation belongs to. */
  tag: 'workflow' | 'task-centre' | 'graphql' | 'health' | 'admin' | 'integration';
}

/** Declares a route contract, keeping its literal types for the server's handler and the web client. */
export const route = <const C extends RouteContract>(contract: C): C => contract;

/**
 * The POST twin of a GET list route: the same answer, its parameters from the query string or a form (or JSON)
 * body — clients of the other vendor's API read every list by POST.
 */
export function postTwin<const C extends RouteContract & { method: 'GET'; query: z.ZodObject }>(c: C): PostTwin<C> {
  return {
    ...c,
    operationId: `${c.operationId}ByPost`,
    summary: `${c.summary} (by POST: parameters in the query or the body)`,
    method: 'POST',
    encoding: 'form',
    body: c.query,
    paramsInBody: true,
  };
}

/** The contract postTwin makes of a GET list route. */
export type PostTwin<C extends RouteContract & { query: z.ZodObject }> = Omit<
  C,
  'operationId' | 'summary' | 'method' | 'body'
> & {
  operationId: string;
  summary: string;
  method: 'POST';
  encoding: 'form';
  body: C['query'];
  paramsInBody: true;
};
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives, parsed. */
export interface ParsedInput<C extends RouteContract> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
}

/** What a caller sends: path parameters, query and body as they go on the wire (before parsing). */
export type CallInput<C extends RouteContract> = (C['params'] extends z.ZodType
  ? { params: In<C['params']> }
  : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: In<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: In<C['body']> } : { body?: undefined });

/** What the handler returns and the client gets back: the value inside the envelope. */
export type ReplyOf<C extends RouteContract> = ReplyValue<C['reply']>;
