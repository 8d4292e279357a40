import fc from 'fast-check';
import { sql } from 'kysely';
import * as contracts from '@service-hall/contracts';
import type { RouteContract } from '@service-hall/contracts';
import type { Db } from '../../src/db/database.ts';

/** One endpoint as the fuzzer sees it: path parameters, query keys and body fields it knows about. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params?: string[];
  query?: string[];
  body?: string[];
  graphql?: 'task' | 'guide';
}

/** The field names a contract's zod schema declares, through transforms, pipes, optionals and unions. */
function keysOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as { shape?: Record<string, unknown>; def?: Record<string, unknown>; options?: unknown[] };
  if (s.shape) return Object.keys(s.shape);
  if (Array.isArray(s.options)) return [...new Set(s.options.flatMap(keysOf))];
  const def = s.def ?? {};
  for (const inner of [def.in, def.schema, def.innerType]) {
    const keys = keysOf(inner);
    if (keys.length) return keys;
  }
  return [];
}

/** Every route contract the contracts package exports. */
const routeContracts = Object.values(contracts as Record<string, unknown>).filter((c): c is RouteContract =>
  typeof c === 'object' && c !== null && 'operationId' in c && 'method' in c && 'path' in c);

/**
 * Every REST endpoint of the API and the task-centre API, taken from the route contracts (so a new route is fuzzed
 * the day it is added), and both GraphQL endpoints (fuzz.test.ts checks this list against the OpenAPI document).
 * /api/me/events is left out: it is an endless stream (events.test.ts covers it).
 */
export const ENDPOINTS: Endpoint[] = [
  // GraphQL endpoints are fuzzed as GraphQL (the entries below), not as forms.
  ...routeContracts.filter((c) => c.path !== '/api/me/events' && c.tag !== 'graphql').map((c): Endpoint => ({
    method: c.method as Endpoint['method'], path: c.path,
    params: [...c.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
    query: keysOf(c.query), body: keysOf(c.body),
  })),
  { method: 'POST', path: '/graphql', graphql: 'task' },
  { method: 'GET', path: '/graphql', graphql: 'task' },
  { method: 'POST', path: '/bus/graphql', graphql: 'guide' },
];

/** Classic injection payloads for SQLite and PostgreSQL, plus LIKE wildcards and placeholder look-alikes. */
export const SQL_INJECTION = [
  "' OR '1'='1", "' OR 1=1 --", '" OR ""="', "'; DROP TABLE processes; --", "1; DROP TABLE tasks",
  "1' UNION SELECT password_hash, account FROM users --", "' || (SELECT password_hash FROM users LIMIT 1) || '",
  "1); SELECT pg_sleep(5); --", "'; SELECT sqlite_version(); --", '%', '_', '%\' OR \'%\'=\'', '\\', "\\'", '$1', '?',
  "admin'--", "u-zhangsan' OR 'a'='a", '1 OR 1=1', '0x27', "'; UPDATE tasks SET status='done'; --",
];

const WEIRD = [
  '', ' ', 'null', 'undefined', 'true', 'false', 'NaN', 'Infinity', '-1', '0', '1e309', '9007199254740993', '1.5',
  '__proto__', 'constructor', 'prototype', '../../etc/passwd', '%00', '\u0000', '\u202e', '𠮷野家', '<script>alert(1)</script>',
  'x'.repeat(70), 'x'.repeat(5000), '{"a":1}', '[1,2]', 'approve', 'read', 'rate', 'withdraw', 'leave', 'todoCenter',
  '1,2', '5,1', 'create', 'doing,completed',
];

const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', '__proto__[admin]', 'constructor[prototype][x]', 'a[b]', 'limit[]', ''];

/** Ids that exist in the seeded database, so generated requests also reach deep code paths. */
export interface KnownIds { processes: string[]; tasks: string[]; apps: string[]; codes: string[]; users: string[]; accounts: string[]; delegations: string[]; events: string[] }

export async function knownIds(db: Db): Promise<KnownIds> {
  const col = async (q: Promise<Array<Record<string, unknown>>>) => (await q).map((r) => String(Object.values(r)[0]));
  return {
    processes: await col(db.selectFrom('processes').select('id').limit(20).execute()),
    tasks: await col(db.selectFrom('tasks').select('id').limit(20).execute()),
    apps: await col(db.selectFrom('apps').select('id').limit(20).execute()),
    codes: await col(db.selectFrom('apps').select('code').limit(20).execute()),
    users: await col(db.selectFrom('users').select('id').execute()),
    accounts: await col(db.selectFrom('users').select('account').execute()),
    delegations: await col(db.selectFrom('delegations').select('id').execute()),
    events: await col(db.selectFrom('events').select('id').limit(20).execute()),
  };
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Which auth the request carries; the runner turns 'user' into a real token. */
  auth: 'user' | 'none' | 'garbage' | 'narrow';
  /** Sign in as this account instead of the next one in the rotation. */
  account?: string;
  endpoint: Endpoint;
}

const leaveJson = JSON.stringify({ leaveType: 'personal', startDate: '2026-11-23', endDate: '2026-11-24', days: 2, reason: 'fuzz' });

/** Values: injection payloads, edge cases, arbitrary text and numbers, and real ids. */
export function valueArb(ids: KnownIds): fc.Arbitrary<string> {
  const real = [...ids.processes, ...ids.tasks, ...ids.apps, ...ids.codes, ...ids.users, ...ids.accounts, ...ids.delegations, ...ids.events];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SQL_INJECTION) },
    { weight: 3, arbitrary: fc.constantFrom(...WEIRD) },
    { weight: 3, arbitrary: real.length ? fc.constantFrom(...real) : fc.constant('x') },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 2, arbitrary: fc.integer({ min: -2, max: 2_000_000_000 }).map(String) },
    { weight: 1, arbitrary: fc.constant(leaveJson) },
  );
}

const keyArb = (known: string[]) => fc.oneof(
  { weight: 6, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('x') },
  { weight: 1, arbitrary: fc.constantFrom(...DANGEROUS_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);

/** A JSON value where a scalar is expected: arrays, objects, nulls, numbers, booleans. */
const jsonValueArb = (value: fc.Arbitrary<string>) => fc.oneof(
  { weight: 5, arbitrary: value },
  { weight: 1, arbitrary: fc.array(value, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'a', 'constructor'), value, { maxKeys: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308) },
);

const encodePairs = (pairs: Array<[string, string]>) =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

/** Raw JSON text from pairs, so duplicate and `__proto__` keys survive (JSON.stringify would drop them). */
const rawJson = (pairs: Array<[string, unknown]>) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;

const TASK_QUERIES = [
  'query($c: String!, $u: String, $p: Int, $s: Int, $k: String) { tasks(cate: $c, userId: $u, page: $p, size: $s, keyword: $k) { total } }',
  'query($i: String, $e: String, $s: String) { process(id: $i, entry: $e, system: $s) { id entry status } }',
  'query($c: String!, $u: String, $p: Int, $s: Int, $k: String, $sep: Boolean, $t: String) { processes(cate: $c, userId: $u, page: $p, size: $s, keyword: $k, sep: $sep, timestamps: $t) { total } }',
];
const GUIDE_QUERY = 'query($first: Int, $offset: Int, $id: String, $title: String, $keyword: String, $appId: [String], $appCode: [String], $state: Int) { guide(first: $first, offset: $offset, id: $id, title: $title, keyword: $keyword, appId: $appId, appCode: $appCode, state: $state) { totalCount } }';

function graphqlBody(kind: 'task' | 'guide', value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const variable = jsonValueArb(fc.oneof(value, fc.integer({ min: -5, max: 2000 }) as unknown as fc.Arbitrary<string>));
  const names = kind === 'task' ? ['c', 'u', 'p', 's', 'k', 'i', 'e', 'sep', 't'] : ['first', 'offset', 'id', 'title', 'keyword', 'appId', 'appCode', 'state'];
  const documents = kind === 'task' ? TASK_QUERIES : [GUIDE_QUERY];
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({
      query: fc.constantFrom(...documents),
      variables: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.constantFrom('__proto__')), variable), { maxLength: 6 }),
    }).map(({ query, variables }) => `{"query":${JSON.stringify(query)},"variables":${rawJson(variables)}}`) },
    // Literal arguments spliced into the document, injection strings included.
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('tasks(cate: %)', 'process(id: %)', 'processes(cate: "done", keyword: %)', 'guide(title: %)', 'guide(first: %)'), value)
      .map(([tpl, v]) => JSON.stringify({ query: `{ ${tpl.replace('%', JSON.stringify(v))} { __typename } }` })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((q) => JSON.stringify({ query: q })) },
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('[]', 'null', '{"query":1}', '{"query":"{a}","variables":"x"}', '[{"query":"{__typename}"}]')) },
  );
}

/** A generated request against one endpoint. */
export function requestArb(ids: KnownIds): fc.Arbitrary<FuzzRequest> {
  const value = valueArb(ids);
  const auth = fc.constantFrom<FuzzRequest['auth']>('user', 'user', 'user', 'user', 'user', 'user', 'user', 'none', 'garbage', 'narrow');
  const headerArb = fc.record({
    idem: fc.option(fc.oneof(fc.uuid(), fc.constantFrom('k', 'x'.repeat(101), 'bad key', 'é')), { freq: 4 }),
    lang: fc.option(fc.constantFrom('en', 'zh-CN', 'xx', '*', 'en;q=abc'), { freq: 3 }),
  });
  return fc.constantFrom(...ENDPOINTS).chain((ep) => fc.record({
    params: fc.tuple(...(ep.params ?? []).map(() => value)),
    query: fc.array(fc.tuple(keyArb(ep.query ?? []), value), { maxLength: 5 }),
    bodyKind: fc.constantFrom('form', 'form', 'json', 'json', 'none', 'malformed'),
    form: fc.array(fc.tuple(keyArb(ep.body ?? []), value), { maxLength: 6 }),
    json: fc.array(fc.tuple(keyArb(ep.body ?? []), jsonValueArb(value)), { maxLength: 6 }),
    gql: ep.graphql ? graphqlBody(ep.graphql, value) : fc.constant(''),
    malformed: fc.constantFrom('{', '{"a":', '[1,2', 'a=1&&&=&a', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'),
    auth,
    headers: headerArb,
  }).map((g): FuzzRequest => {
    let path = ep.path;
    (ep.params ?? []).forEach((name, i) => { path = path.replace(`:${name}`, encodeURIComponent(g.params[i]!) || '%20'); });
    const headers: Record<string, string> = {};
    if (g.headers.idem !== null) headers['idempotency-key'] = g.headers.idem;
    if (g.headers.lang !== null) headers['accept-language'] = g.headers.lang;
    let payload: string | undefined;
    let query = g.query;
    if (ep.graphql && ep.method === 'GET') {
      let document = g.gql;
      try { document = String((JSON.parse(g.gql) as { query?: unknown }).query ?? g.gql); } catch { /* raw text as the query */ }
      query = [...query, ['query', document]];
    } else if (ep.graphql) {
      payload = g.gql;
      headers['content-type'] = 'application/json';
    } else if (ep.method !== 'GET' && g.bodyKind !== 'none') {
      if (g.bodyKind === 'form') { payload = encodePairs(g.form); headers['content-type'] = 'application/x-www-form-urlencoded'; }
      else if (g.bodyKind === 'json') { payload = rawJson(g.json); headers['content-type'] = 'application/json'; }
      else { payload = g.malformed; headers['content-type'] = g.malformed.startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded'; }
    }
    const qs = encodePairs(query);
    return { method: ep.method, url: qs ? `${path}?${qs}` : path, headers, payload, auth: g.auth, endpoint: ep };
  }));
}

/**
 * One row of numbers that changes whenever anything a request could change does (row counts, statuses, read
 * marks, ratings, counters, preferences). Idempotency keys are left out: a refused request's answer is stored
 * on purpose so that a retry replays it.
 */
export async function tableDigest(db: Db): Promise<string> {
  const r = await sql<Record<string, unknown>>`select
    (select count(*) from processes) as p, (select coalesce(sum(updated_at), 0) from processes) as pu,
    (select count(*) from processes where status = 'doing') as pd, (select count(*) from tasks) as t,
    (select count(*) from tasks where status = 'todo') as tt, (select count(*) from events) as e,
    (select coalesce(sum(read), 0) from events) as er, (select count(*) from cc_records) as c,
    (select coalesce(sum(read), 0) from cc_records) as cr, (select count(*) from delegations) as d,
    (select count(*) from delegations where deleted_at is not null) as dd, (select count(*) from ratings) as r,
    (select count(*) from preferences) as pr, (select coalesce(sum(length(value)), 0) from preferences) as pv,
    (select coalesce(sum(rated + completed + recommend), 0) from apps) as a, (select count(*) from users) as u,
    (select count(*) from guides) as g, (select count(*) from process_participants) as pp`.execute(db);
  return Object.values(r.rows[0]!).map(String).join(',');
}
