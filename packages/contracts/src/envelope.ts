import { z } from 'zod';

import { ECODES, type Ecode } from './errors.ts';

/**
 * The envelopes every answer travels in (docs/product.md §10). Workflow API: `{errno: 0, error: "", total?,
 * entities}`; task-centre API: `{code: 0, data}` (or `t` for the search). Errors: `{errno, ecode, error, entities:
 * [], details?}`. A route contract names its reply kind with one of the helpers below; the server wraps the
 * handler's value in the envelope and the web client unwraps it, both with `wrapReply`/`unwrapReply`.
 */

/** A field-level validation problem, returned in `details` of a VALIDATION_FAILED error. */
export const FieldError = z.object({
  /** The parameter or body field, dotted for nested fields (`data.reason`). */
  field: z.string(),
  /** Where the field was sent: path, query or body. */
  in: z.enum(['path', 'query', 'body']).optional(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

export const ErrorEnvelope = z.object({
  errno: z.number().int(),
  ecode: z.enum(Object.keys(ECODES) as [Ecode, ...Ecode[]]),
  error: z.string(),
  entities: z.array(z.unknown()).max(0),
  details: z.array(FieldError).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Every REST response of the workflow API. `total` is present on lists. */
export interface Envelope<T> {
  errno: number;
  ecode?: 'SUCCEED';
  error: string;
  total?: number;
  entities: T[];
}

/** Task-centre API responses use `code` + `data`/`t` instead of errno. */
export interface TaskCentreResponse<T> {
  code: number;
  message?: string;
  data: T;
}

/** What a route answers inside its envelope. */
export type ReplySpec =
  | { kind: 'list'; item: z.ZodType }
  | { kind: 'one'; item: z.ZodType }
  | { kind: 'none' }
  | { kind: 'data'; key: 'data' | 't'; value: z.ZodType }
  | { kind: 'raw'; body: z.ZodType };

/** A page or a whole list: `{errno: 0, error: "", total, entities: [...]}`; the handler returns `{total, entities}`. */
export const listOf = <T extends z.ZodType>(item: T) => ({ kind: 'list', item }) as const;
/** One entity: `{errno: 0, error: "", entities: [x]}`; the handler returns x. */
export const oneOf = <T extends z.ZodType>(item: T) => ({ kind: 'one', item }) as const;
/** Nothing to return: `{errno: 0, error: "", entities: []}`. */
export const nothing = () => ({ kind: 'none' }) as const;
/** Task-centre API: `{code: 0, data: x}` (or `t` for the search); the handler returns x. */
export const dataOf = <T extends z.ZodType, K extends 'data' | 't' = 'data'>(value: T, key: K = 'data' as K) =>
  ({ kind: 'data', key, value }) as const;
/** A body of its own (health checks); the handler returns it as is. */
export const rawBody = <T extends z.ZodType>(body: T) => ({ kind: 'raw', body }) as const;

/** The value a handler returns for a reply kind (and the web client gets back). */
export type ReplyValue<R extends ReplySpec> = R extends { kind: 'list'; item: infer I extends z.ZodType }
  ? { total: number; entities: Array<z.infer<I>> }
  : R extends { kind: 'one'; item: infer I extends z.ZodType }
    ? z.infer<I>
    : R extends { kind: 'none' }
      ? void
      : R extends { kind: 'data'; value: infer V extends z.ZodType }
        ? z.infer<V>
        : R extends { kind: 'raw'; body: infer B extends z.ZodType }
          ? z.infer<B>
          : never;

/**
 * The success fields of the workflow API's envelope. `ecode: "SUCCEED"` is what clients of the other vendor's API
 * test for; `errno: 0` is what ours test for. Both are always sent.
 */
const ok = { errno: z.literal(0), ecode: z.literal('SUCCEED'), error: z.literal('') };
const OK = Object.freeze({ errno: 0, ecode: 'SUCCEED', error: '' });

/** The schema of the whole success body of a reply kind (serialisation, OpenAPI, the conformance check). */
export function replySchema(reply: ReplySpec): z.ZodType {
  switch (reply.kind) {
    case 'list':
      return z.object({ ...ok, total: z.number().int(), entities: z.array(reply.item) });
    case 'one':
      return z.object({ ...ok, entities: z.array(reply.item).length(1) });
    case 'none':
      return z.object({ ...ok, entities: z.array(z.unknown()).max(0) });
    case 'data':
      return z.object({ code: z.literal(0), ecode: z.literal('SUCCEED'), [reply.key]: reply.value });
    case 'raw':
      return reply.body;
  }
}

/** The success body for a handler's value: the one place the success envelope is built. */
export function wrapReply(reply: ReplySpec, value: unknown): unknown {
  switch (reply.kind) {
    case 'list':
      return { ...OK, ...(value as { total: number; entities: unknown[] }) };
    case 'one':
      return { ...OK, entities: [value] };
    case 'none':
      return { ...OK, entities: [] };
    case 'data':
      return { code: 0, ecode: 'SUCCEED', [reply.key]: value };
    case 'raw':
      return value;
  }
}

/** The handler's value back from a success body (the web client's side of wrapReply; zod-free, in src/lite). */
export { unwrapReply } from './lite/route-lite.ts';
