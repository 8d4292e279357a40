import i18next from 'i18next';

import type { Envelope } from '@service-hall/contracts';

import { authSession } from '../auth/auth-session.ts';
import { runtimeConfig } from '../config/runtime-config.ts';
import { ApiError } from './api-error.ts';
import { checkEnvelope, defaultDeps, sendWithRetry, type HttpDeps, type SendOptions } from './http.ts';

export { ApiError, errorText } from './api-error.ts';

export type Params = Record<string, string | number | boolean | null | undefined>;

let deps: HttpDeps = defaultDeps;

const REAUTH_KEY = 'sh.reauthAt';

/**
 * A 401 means the token expired or was revoked while the page was open (or expired before a submit): sign in
 * again and come back here (a form being filled in is kept as a draft).
 * Throttled to once a minute so a misconfigured IdP/API pair cannot cause a redirect loop.
 */
function reauthOn401(err: unknown): never {
  const session = authSession();
  if (err instanceof ApiError && err.status === 401 && (session.getAccessToken() || session.wasSignedIn?.())) {
    const last = Number(sessionStorage.getItem(REAUTH_KEY) ?? 0);
    if (Date.now() - last > 60_000) {
      sessionStorage.setItem(REAUTH_KEY, String(Date.now()));
      const base = runtimeConfig().basePath.replace(/\/$/, '');
      const here = window.location.pathname.slice(base.length) + window.location.search;
      void session.signIn(here.startsWith('/') ? here : `/${here}`);
    }
  }
  throw err;
}

async function send(url: string, init: RequestInit, opts?: SendOptions): Promise<unknown> {
  return sendWithRetry(url, init, deps, opts).catch(reauthOn401);
}
/** Tests swap fetch/sleep here. */
export function setHttpDeps(d: Partial<HttpDeps>): void {
  deps = { ...defaultDeps, ...d };
}

/** Query string without undefined/null/empty values (docs/product.md §5: empty keyword and timestamps are dropped). */
export function toQuery(params?: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

function headers(extra?: Record<string, string>): Record<string, string> {
  const h: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18next.language || 'zh',
    ...extra,
  };
  const token = authSession().getAccessToken();
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/** URL of a workflow-API path such as '/me/apps' (apiBase from runtime config). */
export function apiUrl(path: string, params?: Params): string {
  return `${runtimeConfig().apiBase.replace(/\/$/, '')}${path}${toQuery(params)}`;
}

/** URL under the task-centre host, e.g. taskCentreUrl('/manage/searchGuide') or taskCentreUrl('/api/apps/recommended'). */
export function taskCentreUrl(path: string, params?: Params): string {
  const root = (runtimeConfig().taskCentreBase ?? '').replace(/\/$/, '').replace(/\/manage$/, '');
  return `${root}${path}${toQuery(params)}`;
}

/** GET on the workflow API; resolves to the envelope, throws ApiError when errno ≠ 0. */
export async function apiGet<T>(path: string, params?: Params, signal?: AbortSignal): Promise<Envelope<T>> {
  const body = await send(apiUrl(path, params), { method: 'GET', headers: headers(), signal });
  return checkEnvelope(body as Envelope<T>);
}

export interface WriteOptions {
  /** Sent as Idempotency-Key and reused on every retry. */
  idempotencyKey?: string;
  params?: Params;
}

/** Form-encoded action (docs/product.md §7: actions use form-encoded posts). */
export async function apiForm<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: Record<string, string> = {},
  opts: WriteOptions = {},
): Promise<Envelope<T>> {
  const extra: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (opts.idempotencyKey) extra['Idempotency-Key'] = opts.idempotencyKey;
  const res = await send(apiUrl(path, opts.params), {
    method,
    headers: headers(extra),
    body: new URLSearchParams(body).toString(),
  });
  return checkEnvelope((res ?? { errno: 0, error: '', entities: [] }) as Envelope<T>);
}

/** JSON request to any URL (already resolved with apiUrl/taskCentreUrl); returns the raw parsed body. */
export async function apiJson<T>(method: string, url: string, body?: unknown, opts: WriteOptions = {}): Promise<T> {
  const extra: Record<string, string> = {};
  if (body !== undefined) extra['Content-Type'] = 'application/json';
  if (opts.idempotencyKey) extra['Idempotency-Key'] = opts.idempotencyKey;
  const res = await send(url, {
    method,
    headers: headers(extra),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return checkEnvelope((res ?? {}) as T & { errno?: number });
}

interface GraphqlBody<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/** GraphQL query (task API or guide bus); throws ApiError with the first error's message. */
export async function graphql<T>(endpoint: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = (await send(
    endpoint,
    {
      method: 'POST',
      headers: headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ query, variables }),
    },
    { read: !/^\s*mutation\b/.test(query) },
  )) as GraphqlBody<T>;
  if (res?.errors?.length) {
    const e = res.errors[0];
    throw new ApiError({ status: 200, errno: -1, ecode: e.extensions?.code ?? 'GRAPHQL', message: e.message });
  }
  return res.data as T;
}

/** A fresh idempotency key for one user action. */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts; plain-http intranet deployments fall back to getRandomValues.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The headers every API call sends (language, bearer token), for requests made without fetch (upload progress). */
export const apiHeaders = headers;
