import { unwrapReply, type CallInput, type ReplyOf, type RouteLite } from '@service-hall/contracts/lite';

import { apiForm, apiGet, apiJson, apiUrl, taskCentreUrl, type Params } from './api-client.ts';

/** Options of one call: abort signal and the Idempotency-Key of a state change (reused on every retry). */
export interface CallOptions {
  signal?: AbortSignal;
  idempotencyKey?: string;
}

/** The path with its `:name` parameters filled in, percent-encoded. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

// Task-centre routes (`/manage/…`, `/api/apps/…`, `/api/app/…`) are served under taskCentreBase's host and answer
// `{code, data}`; the workflow API is under apiBase (which may be an alias of `/api`).
const TASK_CENTRE = /^\/(manage|api\/apps?)\//;

/**
 * Calls one route of the API through its contract's descriptor (`@service-hall/contracts/lite`: method, path,
 * encoding and reply kind, without the zod schemas): builds the URL from the path and params, sends the query and
 * the body in the contract's encoding (form unless it says json), checks the envelope and returns the value inside
 * it, typed by the contract. The one way the web app calls the REST API.
 */
export async function call<C extends RouteLite>(
  contract: C,
  input: CallInput<C> = {} as CallInput<C>,
  options: CallOptions = {},
): Promise<ReplyOf<C>> {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Params; body?: unknown };
  const path = fillPath(contract.path, params);
  const apiPath = path.replace(/^\/api/, '');
  const write = { idempotencyKey: options.idempotencyKey, params: query };
  const answer = TASK_CENTRE.test(path)
    ? await apiJson(contract.method, taskCentreUrl(path, query), body, write)
    : contract.method === 'GET'
      ? await apiGet(apiPath, query, options.signal)
      : contract.encoding === 'json'
        ? await apiJson(contract.method, apiUrl(apiPath, query), body, write)
        : await apiForm(contract.method as 'POST' | 'PUT' | 'DELETE', apiPath, formFields(body), write);
  return unwrapReply(contract.reply, answer) as ReplyOf<C>;
}

/** A body as form fields: strings as they are, numbers and booleans as text, absent values left out. */
function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (v !== undefined && v !== null) fields[k] = String(v);
  }
  return fields;
}
