import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

import type { AuthUser } from '../auth/auth-user.ts';
import type { DatabaseHandle, Db } from '../db/database.ts';
import type { Locale } from '../i18n/messages.ts';
import { negotiatedEncoding } from './compression.ts';
import { preparedQuery } from './prepared-query.ts';

/**
 * The list page cache (docs/adr/0030-a-list-page-cache-that-cannot-be-stale.md). Each instance
 * keeps, per (user, list, query, language, encoding), the last answer it sent — body as sent (compressed when it
 * was) and the headers the body decides — with the user's and the global list version it was built under
 * (migrations/025-list-versions.ts: triggers move them in the same transaction as any change the lists show). A
 * request reads both versions in one statement; if they equal the stored ones the stored bytes go out, otherwise
 * the page is built as before and stored. Authentication, scopes, rate limits and every hook's headers run the
 * same either way: only the handler's work (queries, presenting, serialising, compressing) is skipped.
 */

/** The headers of an answer that come from its body (the rest are set by hooks on every request). */
const BODY_HEADERS = ['content-type', 'content-encoding', 'vary'] as const;

interface Page {
  key: string;
  version: string;
  body: Buffer | string;
  headers: Array<[string, string]>;
  bytes: number;
}

/** Least recently used pages, bounded by their bytes (bodies plus a fixed overhead per entry). */
export class PageCache {
  readonly #pages = new Map<string, Page>();
  #bytes = 0;
  constructor(
    readonly maxBytes: number,
    readonly readVersion: VersionReader = listVersion,
  ) {}

  get bytes() {
    return this.#bytes;
  }
  get size() {
    return this.#pages.size;
  }

  get(key: string): Page | undefined {
    const page = this.#pages.get(key);
    if (page) {
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    return page;
  }

  set(page: Page): void {
    this.delete(page.key);
    if (page.bytes > this.maxBytes / 8) return;
    this.#pages.set(page.key, page);
    this.#bytes += page.bytes;
    for (const [key, old] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break;
      this.#pages.delete(key);
      this.#bytes -= old.bytes;
    }
  }

  delete(key: string): void {
    const old = this.#pages.get(key);
    if (old) {
      this.#pages.delete(key);
      this.#bytes -= old.bytes;
    }
  }
}

/** Per-entry overhead counted against the budget (key, headers, Map slot). */
const ENTRY_OVERHEAD = 256;

/** The user's and the global list version, in one statement (a user with no row yet is version 0). */
const versions = preparedQuery(['userId'], (db, s) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('list_versions').select('v').where('user_id', '=', s.userId).as('u'),
    eb.selectFrom('list_versions').select('v').where('user_id', '=', '').as('g'),
  ]),
);

export async function listVersion(db: Db, userId: string): Promise<string> {
  const row = (await versions(db, { userId }))[0];
  return `${row?.u ?? 0}.${row?.g ?? 0}`;
}

/** A user's list version as `<user>.<global>`: at once when it can be read synchronously, else a promise. */
export type VersionReader = (db: Db, userId: string) => string | Promise<string>;

/** The same statement as `versions`, answering the version string itself (`3.1`, as listVersion writes it). */
const VERSION_SQL = `select coalesce((select v from list_versions where user_id = ?), 0) || '.'
  || coalesce((select v from list_versions where user_id = ''), 0)`;

/**
 * The version read of a cache hit, the one statement a hit runs. On SQLite it runs on the better-sqlite3
 * connection directly — synchronously, without Kysely's connection mutex, its promises and its result
 * transformation (a third of a hit's database time; docs/adr/0034-a-cache-hit-s-floor-on-the-authenticated-list-route.md) — but only when that
 * connection is not inside a transaction: Kysely runs a transaction across awaits on this same connection, and a
 * read there would see the transaction's uncommitted version bump. A page built after that transaction rolled back
 * and stored under the bump would then be served as current once a real change took the same number. Inside a
 * transaction (and for a handle wrapped with plugins, as tests do, or PostgreSQL) the read goes through Kysely,
 * which waits for the transaction to end, as before.
 */
export function listVersionReader(handle: Pick<DatabaseHandle, 'db' | 'sqlite'>): VersionReader {
  const sqlite = handle.sqlite;
  if (!sqlite) return listVersion;
  let statement: import('better-sqlite3').Statement<[string], string> | null = null;
  return (db, userId) => {
    if (db !== handle.db || sqlite.inTransaction) return listVersion(db, userId);
    statement ??= sqlite.prepare<[string], string>(VERSION_SQL).pluck();
    return statement.get(userId)!;
  };
}

/** What a request being built will store when it is sent. */
const pending = new WeakMap<FastifyRequest, { cache: PageCache; key: string; version: string }>();

export interface PageRequest {
  user: AuthUser | null;
  query: unknown;
  params: unknown;
  locale: Locale;
  request: FastifyRequest;
}

/**
 * The cache key of one of the caller's own list pages, or null for a page that is not cached: another user's lists
 * (`userId` naming someone else: delegations start and end with time, grants change), the to-do with `entrust`
 * (the same), HEAD. Everything else the answer depends on is in the key (the list, every query parameter, the
 * language, the encoding) or in the versions.
 */
export function ownListKey(list: string) {
  return (input: PageRequest): string | null => {
    const { user, request } = input;
    if (!user || (request.method !== 'GET' && request.method !== 'POST')) return null;
    const query = (input.query ?? {}) as Record<string, unknown>;
    const asked = (input.params as { userId?: string } | undefined)?.userId ?? query.userId;
    if (asked !== undefined && asked !== '' && asked !== user.id && asked !== user.account) return null;
    if (query.entrust === true) return null;
    const params = Object.keys(query)
      .filter((k) => k !== 'userId' && query[k] !== undefined)
      .sort()
      .map((k) => `${k}=${JSON.stringify(query[k])}`)
      .join('&');
    return `${user.id}\u0000${list}\u0000${input.locale}\u0000${negotiatedEncoding(request) ?? ''}\u0000${params}`;
  };
}

/**
 * Answers the page from the cache when its versions are current (true: sent), or marks the request so that its
 * answer is stored when sent (`storePage`).
 */
export function servePage(
  cache: PageCache,
  db: Db,
  userId: string,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean | Promise<boolean> {
  const version = cache.readVersion(db, userId);
  // A synchronous read answers a hit without a promise; the handler then returns nothing (platform/define-route.ts).
  return typeof version === 'string'
    ? answer(cache, version, key, request, reply)
    : version.then((v) => answer(cache, v, key, request, reply));
}

function answer(cache: PageCache, version: string, key: string, request: FastifyRequest, reply: FastifyReply): boolean {
  const page = cache.get(key);
  const metrics = request.server.metrics;
  if (page && page.version === version) {
    metrics?.listCache.inc({ result: 'hit' });
    for (const [name, value] of page.headers) reply.header(name, value);
    // Not awaited: awaiting a reply waits for the socket to finish the answer, listeners and all.
    reply.code(200).send(page.body);
    return true;
  }
  metrics?.listCache.inc({ result: 'miss' });
  pending.set(request, { cache, key, version });
  return false;
}

/** Route-level onSend (after the app's, so after compression): stores a marked request's 200 answer as sent. */
export const storePage: onSendHookHandler = (request, reply, payload, done) => {
  const p = pending.get(request);
  if (p && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
    const headers: Array<[string, string]> = [];
    for (const name of BODY_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers.push([name, String(value)]);
    }
    const bytes = Buffer.byteLength(payload) + p.key.length * 2 + ENTRY_OVERHEAD;
    p.cache.set({ key: p.key, version: p.version, body: payload, headers, bytes });
  }
  done(null, payload);
};
