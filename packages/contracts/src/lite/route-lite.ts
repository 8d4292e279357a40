import type { CallInput as ContractCallInput, ReplyOf as ContractReplyOf, RouteContract } from '../routes/route.ts';

/**
 * What the browser needs of a route contract: how to call it and which envelope comes back — no zod schema. The web
 * app calls the API through these (`@service-hall/contracts/lite`, generated into `routes.ts` by
 * `scripts/routes-lite.ts`) so its first load does not carry zod and every schema (docs/adr/0029-route-descriptors-for-the-browser-declarative-router.md).
 * Each descriptor is typed by its contract, so a call is typed exactly as before, and
 * `test/routes-lite.test.ts` checks every descriptor equals its contract.
 */
export interface RouteLite<C extends RouteContract = RouteContract> {
  method: C['method'];
  path: C['path'];
  /** Present when the contract names one (form is the default). */
  encoding?: C['encoding'];
  reply: ReplyLite<C['reply']>;
  /** Type only: the contract this descriptor stands for (never set at runtime). */
  readonly [contractOf]?: C;
}

declare const contractOf: unique symbol;

/** The reply kind of a contract, and the key of a task-centre answer. */
export type ReplyLite<R extends RouteContract['reply'] = RouteContract['reply']> = R extends {
  kind: 'data';
  key: infer K;
}
  ? { kind: 'data'; key: K }
  : { kind: R['kind'] };

/** The contract a descriptor stands for (or the contract itself). */
export type ContractOf<L> = L extends RouteLite<infer C> ? C : L extends RouteContract ? L : never;

/** What a caller sends, for a descriptor or a contract. */
export type CallInput<L extends RouteLite | RouteContract> = ContractCallInput<ContractOf<L>>;
/** What comes back inside the envelope, for a descriptor or a contract. */
export type ReplyOf<L extends RouteLite | RouteContract> = ContractReplyOf<ContractOf<L>>;

/** The handler's value back from a success body (the web client's side of `wrapReply` in envelope.ts). */
export function unwrapReply(reply: ReplyLite, body: unknown): unknown {
  const b = body as Record<string, unknown>;
  switch (reply.kind) {
    case 'list':
      return { total: b.total, entities: b.entities };
    case 'one':
      return (b.entities as unknown[])[0];
    case 'none':
      return undefined;
    case 'data':
      return b[reply.key];
    case 'raw':
      return body;
  }
}
