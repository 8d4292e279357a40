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
  /** The contract's tag: admin routes are sent by system administrators, integration routes by a system. */
  tag?: string;
  /** What each parameter, query key and body field holds, as the contract's schema says. */
  fields?: { params: Field[]; query: Field[]; body: Field[] };
}

/** One field of a contract's schema: its name, what it holds and, for a string, its longest accepted length. */
export interface Field {
  name: string;
  kind: 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'other';
  max?: number;
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

/** What a zod schema holds, through optionals, defaults, pipes and unions (a union holding a string is a string). */
function kindOf(schema: unknown, depth = 0): Omit<Field, 'name'> {
  const s = schema as { def?: Record<string, unknown> & { type?: string }; maxLength?: number | null } | undefined;
  const def = s?.def;
  if (!def || depth > 12) return { kind: 'other' };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return kindOf(def.innerType, depth + 1);
    case 'pipe':
      return kindOf(def.in, depth + 1);
    case 'string':
      return { kind: 'string', ...(typeof s.maxLength === 'number' ? { max: s.maxLength } : {}) };
    case 'number':
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
    case 'literal':
      return { kind: 'enum' };
    case 'array':
    case 'tuple':
    case 'set':
      return { kind: 'array' };
    case 'object':
    case 'record':
    case 'map':
      return { kind: 'object' };
    case 'union': {
      const kinds = (def.options as unknown[]).map((o) => kindOf(o, depth + 1));
      return kinds.find((k) => k.kind === 'string') ?? kinds[0] ?? { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
}

/** The fields a contract's object schema declares (all options' fields for a union of objects). */
function fieldsOf(schema: unknown): Field[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as { shape?: Record<string, unknown>; def?: Record<string, unknown>; options?: unknown[] };
  if (s.shape) return Object.entries(s.shape).map(([name, inner]) => ({ name, ...kindOf(inner) }));
  if (Array.isArray(s.options)) {
    const all = new Map<string, Field>();
    for (const f of s.options.flatMap(fieldsOf)) if (!all.has(f.name)) all.set(f.name, f);
    return [...all.values()];
  }
  const def = s.def ?? {};
  for (const inner of [def.in, def.schema, def.innerType]) {
    const fields = fieldsOf(inner);
    if (fields.length) return fields;
  }
  return [];
}

/** Every route contract the contracts package exports. */
const routeContracts = Object.values(contracts as Record<string, unknown>).filter(
  (c): c is RouteContract => typeof c === 'object' && c !== null && 'operationId' in c && 'method' in c && 'path' in c,
);

/**
 * Every REST endpoint of the API and the task-centre API, taken from the route contracts (so a new route is fuzzed
 * the day it is added), and both GraphQL endpoints (fuzz.test.ts checks this list against the OpenAPI document).
 * /api/me/events is left out: it is an endless stream (events.test.ts covers it).
 */
export const ENDPOINTS: Endpoint[] = [
  // GraphQL endpoints are fuzzed as GraphQL (the entries below), not as forms.
  ...routeContracts
    .filter((c) => c.path !== '/api/me/events' && c.tag !== 'graphql')
    .map((c): Endpoint => ({
      method: c.method as Endpoint['method'],
      path: c.path,
      params: [...c.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
      query: keysOf(c.query),
      body: keysOf(c.body),
      tag: c.tag,
      fields: { params: fieldsOf(c.params), query: fieldsOf(c.query), body: fieldsOf(c.body) },
    })),
  { method: 'POST', path: '/graphql', graphql: 'task' },
  { method: 'GET', path: '/graphql', graphql: 'task' },
  { method: 'POST', path: '/bus/graphql', graphql: 'guide' },
];

/** Classic injection payloads for SQLite and PostgreSQL, plus LIKE wildcards and placeholder look-alikes. */
export const SQL_INJECTION = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '" OR ""="',
  "'; DROP TABLE processes; --",
  '1; DROP TABLE tasks',
  "1' UNION SELECT password_hash, account FROM users --",
  "' || (SELECT password_hash FROM users LIMIT 1) || '",
  '1); SELECT pg_sleep(5); --',
  "'; SELECT sqlite_version(); --",
  '%',
  '_',
  "%' OR '%'='",
  '\\',
  "\\'",
  '$1',
  '?',
  "admin'--",
  "u-zhangsan' OR 'a'='a",
  '1 OR 1=1',
  '0x27',
  "'; UPDATE tasks SET status='done'; --",
];

const WEIRD = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  'false',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '1.5',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e',
  '𠮷野家',
  '<script>alert(1)</script>',
  'x'.repeat(70),
  'x'.repeat(5000),
  '{"a":1}',
  '[1,2]',
  'approve',
  'read',
  'rate',
  'withdraw',
  'leave',
  'todoCenter',
  '1,2',
  '5,1',
  'create',
  'doing,completed',
];

const DANGEROUS_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[admin]',
  'constructor[prototype][x]',
  'a[b]',
  'limit[]',
  '',
];

/** Ids that exist in the seeded database, so generated requests also reach deep code paths. */
export interface KnownIds {
  processes: string[];
  tasks: string[];
  apps: string[];
  codes: string[];
  users: string[];
  accounts: string[];
  delegations: string[];
  events: string[];
}

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
  payload?: string | Buffer;
  /** Which auth the request carries; the runner turns 'user' and 'system' into real tokens. */
  auth: 'user' | 'none' | 'garbage' | 'narrow' | 'system';
  /** Sign in as this account instead of the next one in the rotation. */
  account?: string;
  /** The ecode a 400 answer must carry (a refusal for another reason, such as 401 or 404, may come first). */
  refusedWith?: string;
  endpoint: Endpoint;
}

const leaveJson = JSON.stringify({
  leaveType: 'personal',
  startDate: '2026-11-23',
  endDate: '2026-11-24',
  days: 2,
  reason: 'fuzz',
});

/** Values: injection payloads, edge cases, arbitrary text and numbers, and real ids. */
export function valueArb(ids: KnownIds): fc.Arbitrary<string> {
  const real = [
    ...ids.processes,
    ...ids.tasks,
    ...ids.apps,
    ...ids.codes,
    ...ids.users,
    ...ids.accounts,
    ...ids.delegations,
    ...ids.events,
  ];
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

const keyArb = (known: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('x') },
    { weight: 1, arbitrary: fc.constantFrom(...DANGEROUS_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );

/** A JSON value where a scalar is expected: arrays, objects, nulls, numbers, booleans. */
const jsonValueArb = (value: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 5, arbitrary: value },
    { weight: 1, arbitrary: fc.array(value, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'a', 'constructor'), value, { maxKeys: 2 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308) },
  );

const encodePairs = (pairs: Array<[string, string]>) =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

/** Raw JSON text from pairs, so duplicate and `__proto__` keys survive (JSON.stringify would drop them). */
const rawJson = (pairs: Array<[string, unknown]>) =>
  `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;

const TASK_QUERIES = [
  'query($c: String!, $u: String, $p: Int, $s: Int, $k: String) { tasks(cate: $c, userId: $u, page: $p, size: $s, keyword: $k) { total } }',
  'query($i: String, $e: String, $s: String) { process(id: $i, entry: $e, system: $s) { id entry status } }',
  'query($c: String!, $u: String, $p: Int, $s: Int, $k: String, $sep: Boolean, $t: String) { processes(cate: $c, userId: $u, page: $p, size: $s, keyword: $k, sep: $sep, timestamps: $t) { total } }',
];
const GUIDE_QUERY =
  'query($first: Int, $offset: Int, $id: String, $title: String, $keyword: String, $appId: [String], $appCode: [String], $state: Int) { guide(first: $first, offset: $offset, id: $id, title: $title, keyword: $keyword, appId: $appId, appCode: $appCode, state: $state) { totalCount } }';

function graphqlBody(kind: 'task' | 'guide', value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const variable = jsonValueArb(fc.oneof(value, fc.integer({ min: -5, max: 2000 }) as unknown as fc.Arbitrary<string>));
  const names =
    kind === 'task'
      ? ['c', 'u', 'p', 's', 'k', 'i', 'e', 'sep', 't']
      : ['first', 'offset', 'id', 'title', 'keyword', 'appId', 'appCode', 'state'];
  const documents = kind === 'task' ? TASK_QUERIES : [GUIDE_QUERY];
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({
          query: fc.constantFrom(...documents),
          variables: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.constantFrom('__proto__')), variable), {
            maxLength: 6,
          }),
        })
        .map(({ query, variables }) => `{"query":${JSON.stringify(query)},"variables":${rawJson(variables)}}`),
    },
    // Literal arguments spliced into the document, injection strings included.
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'tasks(cate: %)',
            'process(id: %)',
            'processes(cate: "done", keyword: %)',
            'guide(title: %)',
            'guide(first: %)',
          ),
          value,
        )
        .map(([tpl, v]) => JSON.stringify({ query: `{ ${tpl.replace('%', JSON.stringify(v))} { __typename } }` })),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((q) => JSON.stringify({ query: q })) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.string({ maxLength: 50 }),
        fc.constantFrom('[]', 'null', '{"query":1}', '{"query":"{a}","variables":"x"}', '[{"query":"{__typename}"}]'),
      ),
    },
  );
}

/** A generated request against one endpoint. */
export function requestArb(ids: KnownIds): fc.Arbitrary<FuzzRequest> {
  const value = valueArb(ids);
  const auth = fc.constantFrom<FuzzRequest['auth']>(
    'user',
    'user',
    'user',
    'user',
    'user',
    'user',
    'user',
    'none',
    'garbage',
    'narrow',
  );
  const headerArb = fc.record({
    idem: fc.option(fc.oneof(fc.uuid(), fc.constantFrom('k', 'x'.repeat(101), 'bad key', 'é')), { freq: 4 }),
    lang: fc.option(fc.constantFrom('en', 'zh-CN', 'xx', '*', 'en;q=abc'), { freq: 3 }),
  });
  return fc.constantFrom(...ENDPOINTS).chain((ep) =>
    fc
      .record({
        params: fc.tuple(...(ep.params ?? []).map(() => value)),
        query: fc.array(fc.tuple(keyArb(ep.query ?? []), value), { maxLength: 5 }),
        bodyKind: fc.constantFrom('form', 'form', 'json', 'json', 'none', 'malformed'),
        form: fc.array(fc.tuple(keyArb(ep.body ?? []), value), { maxLength: 6 }),
        json: fc.array(fc.tuple(keyArb(ep.body ?? []), jsonValueArb(value)), { maxLength: 6 }),
        gql: ep.graphql ? graphqlBody(ep.graphql, value) : fc.constant(''),
        malformed: fc.constantFrom(
          '{',
          '{"a":',
          '[1,2',
          'a=1&&&=&a',
          '\u0000',
          '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{"x":1}}}',
        ),
        auth,
        headers: headerArb,
      })
      .map((g): FuzzRequest => {
        let path = ep.path;
        (ep.params ?? []).forEach((name, i) => {
          path = path.replace(`:${name}`, encodeURIComponent(g.params[i]!) || '%20');
        });
        const headers: Record<string, string> = {};
        if (g.headers.idem !== null) headers['idempotency-key'] = g.headers.idem;
        if (g.headers.lang !== null) headers['accept-language'] = g.headers.lang;
        let payload: string | undefined;
        let query = g.query;
        if (ep.graphql && ep.method === 'GET') {
          let document = g.gql;
          try {
            document = String((JSON.parse(g.gql) as { query?: unknown }).query ?? g.gql);
          } catch {
            /* raw text as the query */
          }
          query = [...query, ['query', document]];
        } else if (ep.graphql) {
          payload = g.gql;
          headers['content-type'] = 'application/json';
        } else if (ep.method !== 'GET' && g.bodyKind !== 'none') {
          if (g.bodyKind === 'form') {
            payload = encodePairs(g.form);
            headers['content-type'] = 'application/x-www-form-urlencoded';
          } else if (g.bodyKind === 'json') {
            payload = rawJson(g.json);
            headers['content-type'] = 'application/json';
          } else {
            payload = g.malformed;
            headers['content-type'] = g.malformed.startsWith('{')
              ? 'application/json'
              : 'application/x-www-form-urlencoded';
          }
        }
        const qs = encodePairs(query);
        return { method: ep.method, url: qs ? `${path}?${qs}` : path, headers, payload, auth: g.auth, endpoint: ep };
      }),
  );
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

/** A seeded generator (mulberry32): the hostile cases below are a sample, and the same seed repeats the sample. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How deep the hostile bodies nest: far past the 64-level bound, still inside a 64 KB body. */
export const DEEP_LEVELS = 10_000;
export const deepArray = (levels = DEEP_LEVELS) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
export const deepObject = (levels = DEEP_LEVELS) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** `key[a][a]…`: how qs-style parsers spell a nested object in a query string or a form. */
const deepKey = (key: string, levels = DEEP_LEVELS) => `${encodeURIComponent(key)}${'[a]'.repeat(levels)}`;

/** Strings at the edges of Unicode and UTF-16: lone surrogates, NUL, direction marks, 4-byte characters, joiners. */
export const UNICODE_EDGES = [
  '\ud800',
  '\udfff',
  'a\udbffz',
  '\udc00\ud800',
  'a\u0000b',
  '\u202egnp.exe\u202c',
  '\u200f\u061c\u200e\u2066x\u2069',
  '😀',
  '👩‍👩‍👧‍👦',
  '𠮷野家',
  '\ufeffbom',
  '\uffff\ufffe',
  `e${'\u0301'.repeat(50)}`,
  '\u2028\u2029',
  '\u00ad\u200b\u2060',
];

/** Percent-encoded bytes that are not UTF-8: a lone byte, an overlong NUL, a truncated sequence, past U+10FFFF. */
export const INVALID_UTF8 = ['%FF', '%C0%80', '%E0%80', '%F4%90%80%80', 'a%ED%A0%80b', '%'];

/**
 * Patterns that take a backtracking matcher exponential time on a 30-character near-miss, patterns a linear-time
 * matcher cannot run (backreferences, lookaround), and patterns that are not patterns at all.
 */
export const HOSTILE_PATTERNS = [
  '^(a+)+$',
  '(a|aa)*b',
  '(.*a){20}',
  '(a*)*b',
  '^(a|a?)+$',
  '(x+x+)+y',
  '^(\\w+\\s?)*$',
  '(?:a+){10}b',
];
export const INVALID_PATTERNS = [
  '(',
  ')',
  '[a-',
  '[z-a]',
  'a{2,1}',
  '*a',
  'a**',
  '(a)\\1',
  '(?<n>a)\\k<n>',
  '(?=a)a',
  '(?<!a)b',
  '\\',
  'a{1001}',
  '\\p{Nope}',
  '(?P<x>a',
  '\\u{110000}',
  '[[:alpha:]',
];
/** 30-character inputs that match, or nearly match, the hostile patterns: the worst case for backtracking. */
export const PATTERN_INPUTS = [
  'a'.repeat(30),
  `${'a'.repeat(29)}!`,
  `${'a'.repeat(29)}b`,
  `${'x'.repeat(29)}y`,
  `${'a '.repeat(14)}a!`,
];

/** Node's default limit on a request's headers (16 KB): each long header stays just under it. */
const NEAR_HEADER_LIMIT = 16 * 1024 - 512;
export const LONG_HEADERS: Array<Record<string, string>> = [
  { authorization: `Bearer ${'a'.repeat(NEAR_HEADER_LIMIT)}` },
  { authorization: `Bearer ${'eyJ'.repeat(NEAR_HEADER_LIMIT / 6)}.${'eyJ'.repeat(NEAR_HEADER_LIMIT / 6)}.x` },
  { 'idempotency-key': 'k'.repeat(NEAR_HEADER_LIMIT) },
  { 'accept-language': 'en;q=0.9,'.repeat(NEAR_HEADER_LIMIT / 10) },
  { 'accept-language': 'zh-Hans-CN-x-'.repeat(NEAR_HEADER_LIMIT / 13) },
  { 'x-request-id': 'r'.repeat(NEAR_HEADER_LIMIT) },
  { cookie: `sid=${'c'.repeat(NEAR_HEADER_LIMIT)}` },
  { 'user-agent': 'u'.repeat(NEAR_HEADER_LIMIT) },
  { 'x-forwarded-for': '10.0.0.1, '.repeat(NEAR_HEADER_LIMIT / 10) },
  { 'accept-encoding': 'gzip;q=0.1, br;q=0.2, '.repeat(NEAR_HEADER_LIMIT / 22) },
  { 'if-none-match': `"${'e'.repeat(NEAR_HEADER_LIMIT)}"` },
  { accept: 'text/html;q=0.1, '.repeat(NEAR_HEADER_LIMIT / 17) },
  { 'idempotency-key': 'é\u00ff'.repeat(32) },
];

/** Percent-encodes any JavaScript string, a lone surrogate as its three WTF-8 bytes (not UTF-8 on the wire). */
export function percentEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(s[i]!);
    }
  }
  return out;
}

/** Where the API is also served (API_ALIASES' default): the hostile cases go there too, a sample of them. */
export const ALIAS_PREFIX = '/infoplus/apis/v2';

/** A hostile value for one field: text (encoded for the wire as needed) or bytes already percent-encoded. */
type Hostile = { text: string } | { encoded: string };

/** Which kinds of hostile input a sample holds. */
export type HostileKind = 'deep' | 'huge' | 'pattern';

/**
 * Hostile requests for every endpoint: 10,000-level nesting as the whole body, in each field position, in JSON
 * text inside string fields and in query keys; each string at its limit + 1, at 64 KB and at Unicode's edges;
 * headers near Node's limit; catastrophic and invalid regular expressions in every string field (all of them in
 * search fields). Positions and encodings are sampled with `random`; every endpoint gets each kind.
 */
export function hostileRequests(ids: KnownIds, kind: HostileKind, random: () => number): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const sample = <T>(list: readonly T[], n: number): T[] => [...list].sort(() => random() - 0.5).slice(0, n);
  const owners = ['zhangsan', 'lisi', 'wangwu'];

  for (const ep of ENDPOINTS) {
    if (ep.graphql) {
      out.push(...hostileGraphql(ep, kind, pick));
      continue;
    }
    const fields = ep.fields ?? { params: [], query: [], body: [] };
    const account = ep.path.includes(':userId') ? pick(owners) : undefined;
    const auth: FuzzRequest['auth'] = ep.tag === 'integration' ? 'system' : 'user';
    const realParam = (name: string): string => {
      if (name === 'userId') return account!;
      if (ep.path.startsWith('/api/task') || ep.path.includes('/tasks/')) return ids.tasks[0] ?? 'x';
      if (ep.path.startsWith('/api/process') || ep.path.includes('/processes/')) return ids.processes[0] ?? 'x';
      if (name === 'code') return ids.codes[0] ?? 'leave';
      if (name === 'version') return '1';
      return ids.apps[0] ?? 'x';
    };
    /** One request; `params` overrides a path parameter (already encoded), the rest are filled with real ids. */
    const make = (o: {
      params?: Record<string, string>;
      query?: string;
      json?: string | Buffer;
      form?: string;
      headers?: Record<string, string>;
      alias?: boolean;
      auth?: FuzzRequest['auth'];
    }): FuzzRequest => {
      let path = ep.path;
      for (const name of ep.params ?? [])
        path = path.replace(`:${name}`, o.params?.[name] ?? encodeURIComponent(realParam(name)));
      if (o.alias ?? (path.startsWith('/api/') && random() < 0.25))
        path = `${ALIAS_PREFIX}${path.slice('/api'.length)}`;
      const headers: Record<string, string> = { ...o.headers };
      let payload: string | Buffer | undefined;
      if (o.json !== undefined) {
        payload = o.json;
        headers['content-type'] ??= 'application/json';
      } else if (o.form !== undefined) {
        payload = o.form;
        headers['content-type'] ??= 'application/x-www-form-urlencoded';
      }
      return {
        method: ep.method,
        url: o.query ? `${path}?${o.query}` : path,
        headers,
        payload,
        auth: o.auth ?? auth,
        account,
        endpoint: ep,
      };
    };
    const hasBody = ep.method !== 'GET';
    /** One field set to `value`: in the body (JSON or form, sampled) or the query string. */
    const withValue = (where: 'query' | 'body', field: Field, value: Hostile): FuzzRequest => {
      const encoded = 'text' in value ? percentEncode(value.text) : value.encoded;
      if (where === 'query') return make({ query: `${encodeURIComponent(field.name)}=${encoded}` });
      if ('text' in value && random() < 0.5) return make({ json: JSON.stringify({ [field.name]: value.text }) });
      return make({ form: `${encodeURIComponent(field.name)}=${encoded}` });
    };
    const stringFields = [
      ...fields.query.filter((f) => f.kind === 'string').map((f) => ['query', f] as const),
      ...(hasBody ? fields.body.filter((f) => f.kind === 'string').map((f) => ['body', f] as const) : []),
    ];

    if (kind === 'deep') {
      // The whole body, then each field, nested 10,000 levels (as JSON, and as qs-style keys in a form).
      if (hasBody) {
        const tooDeep = (req: FuzzRequest): FuzzRequest => ({ ...req, refusedWith: 'INPUT_TOO_DEEP' });
        out.push(
          tooDeep(make({ json: deepArray(), alias: false })),
          tooDeep(make({ json: deepObject(), alias: true })),
        );
        out.push(make({ form: `${deepKey(fields.body[0]?.name ?? 'a')}=1` }));
        for (const f of fields.body) {
          out.push(
            tooDeep(make({ json: `{${JSON.stringify(f.name)}:${random() < 0.5 ? deepArray() : deepObject()}}` })),
          );
        }
      }
      // qs-style nesting in the query string of every route, under each known key (or any key for a route with none).
      for (const f of fields.query.length ? fields.query : [{ name: 'a', kind: 'other' } as Field]) {
        out.push(make({ query: `${deepKey(f.name)}=1` }));
      }
      // JSON text nested as deep as the field's limit allows, for fields a handler parses as JSON.
      for (const [where, f] of stringFields) {
        const levels = Math.max(1, Math.min(DEEP_LEVELS, Math.floor((f.max ?? 2 * DEEP_LEVELS) / 2)));
        out.push(
          withValue(where, f, {
            text:
              random() < 0.5
                ? deepArray(levels)
                : `${'{"a":'.repeat(Math.floor(levels / 3))}1${'}'.repeat(Math.floor(levels / 3))}`,
          }),
        );
      }
    }

    if (kind === 'huge') {
      for (const [where, f] of stringFields) {
        const over = (f.max ?? 64 * 1024) + 1;
        out.push(withValue(where, f, { text: 'x'.repeat(over) }));
        // Over the limit in UTF-16 units but not in characters: 4-byte characters count twice.
        out.push(withValue(where, f, { text: '😀'.repeat(Math.ceil(over / 2)) }));
        out.push(withValue(where, f, { text: 'x'.repeat(64 * 1024) }));
        for (const edge of sample(UNICODE_EDGES, 2)) out.push(withValue(where, f, { text: edge }));
        out.push(withValue(where, f, { encoded: pick(INVALID_UTF8) }));
      }
      // Numbers and booleans as huge digit strings.
      for (const f of [...fields.query, ...(hasBody ? fields.body : [])].filter(
        (f) => f.kind === 'number' || f.kind === 'boolean' || f.kind === 'enum',
      )) {
        out.push(
          withValue(fields.query.includes(f) ? 'query' : 'body', f, {
            text: pick(['9'.repeat(400), '1e400', '-0', '0x1p3', '1'.repeat(64 * 1024)]),
          }),
        );
      }
      // Path parameters over their limit, at 64 KB and at Unicode's edges (the router refuses past 200 characters).
      for (const name of ep.params ?? []) {
        const max = fields.params.find((f) => f.name === name)?.max ?? 64;
        for (const value of [
          percentEncode('x'.repeat(max + 1)),
          'x'.repeat(64 * 1024),
          percentEncode(pick(UNICODE_EDGES)),
          pick(INVALID_UTF8),
        ]) {
          out.push(make({ params: { [name]: value } }));
        }
      }
      // A JSON body whose string is not UTF-8.
      if (hasBody) {
        const f = fields.body[0]?.name ?? 'a';
        out.push(
          make({
            json: Buffer.concat([
              Buffer.from(`{${JSON.stringify(f)}:"`),
              Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]),
              Buffer.from('"}'),
            ]),
          }),
        );
      }
      for (const headers of sample(LONG_HEADERS, 2)) {
        out.push(make({ headers, auth: headers.authorization ? 'none' : auth, ...(hasBody ? { json: '{}' } : {}) }));
      }
    }

    if (kind === 'pattern') {
      for (const [where, f] of stringFields) {
        const search = /keyword|title|search|applicant|statuses|role|action|target|actor|domain/i.test(f.name);
        const values = search
          ? [...HOSTILE_PATTERNS, ...sample(INVALID_PATTERNS, 4), ...sample(PATTERN_INPUTS, 2)]
          : [pick([...HOSTILE_PATTERNS, ...INVALID_PATTERNS])];
        for (const text of values) out.push(withValue(where, f, { text }));
      }
      // Path parameters are looked up, never matched: a pattern there is only text, and so is an unknown key.
      for (const name of ep.params ?? [])
        out.push(make({ params: { [name]: percentEncode(pick([...HOSTILE_PATTERNS, ...INVALID_PATTERNS])) } }));
      if (!stringFields.length && !ep.params?.length)
        out.push(make({ query: `q=${percentEncode(pick(HOSTILE_PATTERNS))}` }));
    }
  }
  return out;
}

const TASK_VARIABLES = ['c', 'u', 'k', 'i', 'e', 't'];
const GUIDE_VARIABLES = ['id', 'title', 'keyword'];

/** The hostile cases of a GraphQL endpoint: deep documents, literals and variables; huge and odd strings; patterns. */
function hostileGraphql(ep: Endpoint, kind: HostileKind, pick: <T>(list: readonly T[]) => T): FuzzRequest[] {
  const documents = ep.graphql === 'task' ? TASK_QUERIES : [GUIDE_QUERY];
  const names = ep.graphql === 'task' ? TASK_VARIABLES : GUIDE_VARIABLES;
  const search =
    ep.graphql === 'task'
      ? 'query($k: String) { tasks(cate: "todo", keyword: $k) { total } processes(cate: "done", keyword: $k) { total } }'
      : 'query($k: String) { guide(title: $k, keyword: $k) { totalCount } }';
  const bodies: string[] = [];
  const variables = (name: string, value: string) =>
    `{"query":${JSON.stringify(pick(documents))},"variables":{${JSON.stringify(name)}:${value}}}`;
  if (kind === 'deep') {
    const field = ep.graphql === 'task' ? 'tasks(cate: %) { total }' : 'guide(title: %) { totalCount }';
    for (const levels of [DEEP_LEVELS, 5000, 990]) {
      bodies.push(JSON.stringify({ query: `{ ${'a { '.repeat(levels)}b${' }'.repeat(levels)} }` }));
      bodies.push(
        JSON.stringify({ query: `{ ${field.replace('%', `${'['.repeat(levels)}"x"${']'.repeat(levels)}`)} }` }),
      );
      bodies.push(
        JSON.stringify({ query: `{ ${field.replace('%', `${'{a: '.repeat(levels)}1${'}'.repeat(levels)}`)} }` }),
      );
    }
    bodies.push(deepArray(), deepObject());
    for (const name of names) bodies.push(variables(name, pick([deepArray(), deepObject()])));
    bodies.push(`{"query":"{ __typename }","extensions":${deepObject()}}`);
    bodies.push(`{"query":"{ __typename }","operationName":${deepArray()}}`);
  }
  if (kind === 'huge') {
    for (const name of names) {
      for (const text of ['x'.repeat(64 * 1024), '😀'.repeat(101), ...UNICODE_EDGES])
        bodies.push(variables(name, JSON.stringify(text)));
    }
    bodies.push(JSON.stringify({ query: `{ __typename ${'#'.repeat(64 * 1024)} }` }));
    bodies.push(
      JSON.stringify({
        query: `{ ${ep.graphql === 'task' ? 'tasks(cate: %) { total }' : 'guide(title: %) { totalCount }'} }`.replace(
          '%',
          JSON.stringify('x'.repeat(15 * 1024)),
        ),
      }),
    );
  }
  if (kind === 'pattern') {
    for (const text of [...HOSTILE_PATTERNS, ...INVALID_PATTERNS, ...PATTERN_INPUTS]) {
      bodies.push(JSON.stringify({ query: search, variables: { k: text } }));
    }
  }
  // GET /graphql serves only GraphiQL (no queries over GET): the same text goes in its query string.
  const requests = bodies.map((payload): FuzzRequest =>
    ep.method === 'GET'
      ? {
          method: 'GET',
          url: `${ep.path}?query=${percentEncode(payload)}`,
          headers: { accept: 'text/html' },
          auth: 'user',
          endpoint: ep,
        }
      : {
          method: 'POST',
          url: ep.path,
          headers: { 'content-type': 'application/json' },
          payload,
          auth: 'user',
          endpoint: ep,
        },
  );
  if (kind === 'huge') {
    // A long Accept gets yoga's bodiless 406, which the route contract does not document yet: left out here.
    for (const headers of LONG_HEADERS.filter((h) => !('accept' in h))) {
      requests.push({
        method: ep.method,
        url: ep.path,
        headers: { 'content-type': 'application/json', ...headers },
        payload: ep.method === 'POST' ? '{"query":"{ __typename }"}' : undefined,
        auth: headers.authorization ? 'none' : 'user',
        endpoint: ep,
      });
    }
  }
  return requests;
}
