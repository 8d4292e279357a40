import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

import { repoRoot } from './platform/paths.ts';

/** Server configuration, read from the environment and validated at boot (README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  basePath: string;
  databaseUrl: string;
  redisUrl: string | null;
  oidcIssuer: string | null;
  oidcClientId: string;
  oidcResponseType: 'code' | 'id_token token';
  publicMode: boolean;
  seed: 'demo' | 'none';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  production: boolean;
  /** Where the built SPA lives; served at basePath. */
  webDist: string;
  /** Audience of access tokens: the API. */
  apiAudience: string;
  /** Put before every Redis key and pub/sub channel name (REDIS_PREFIX, default none). */
  redisPrefix: string;
  /** Origins allowed by CORS besides our own (comma-separated CORS_ORIGINS). */
  corsOrigins: string[];
  /** GraphQL task API published to the SPA (TASK_API, URL or path); null = the SPA reads lists over REST. */
  taskApi: string | null;
  /**
   * Proxies whose X-Forwarded-For / -Proto are believed (TRUST_PROXY: addresses, CIDRs or proxy-addr's names
   * `loopback`, `linklocal`, `uniquelocal`; `none` believes nobody). Fastify's `trustProxy` option takes it as is.
   */
  trustProxy: string[] | false;
  /** Processes one person may start per app per hour and per day (START_QUOTA "hour,day"; null = no quota). */
  startQuota: { perHour: number; perDay: number } | null;
  /** Prometheus metrics (platform/metrics-plugin.ts): off unless a token or a separate port is set. */
  metrics: { token: string | null; port: number | null; host: string };
  /** Bytes of list pages each instance keeps (platform/list-cache.ts); 0 = no list cache. LIST_CACHE_MB. */
  listCacheBytes: number;
  /** API requests a signed-in user (or client) may make per minute (API_RATE_LIMIT_PER_MINUTE, default 600). */
  apiLimitPerMinute: number;
  /** How API tokens of an external IdP map to accounts, scopes and roles (auth/token-claims.ts). */
  oidcClaims: { username: string; roles: string | null; department: string; audiences: string[] };
  /** The institution's CAS server the embedded IdP hands sign-in to (idp/cas-login.ts); null = password form. */
  cas: { url: string; attributes: Record<'name' | 'email' | 'department', string[]> } | null;
  /** First administrator of the embedded IdP (ADMIN_ACCOUNT + ADMIN_PASSWORD): created at start when missing. */
  adminAccount: { account: string; password: string } | null;
  /** Accounts that are administrators (ADMIN_ACCOUNTS): given the role at start and on first sign-in. */
  adminAccounts: string[];
  /** Callbacks to external systems (modules/integration/deliver-callback.ts): per-attempt timeout, retries, backoff. */
  callbacks: { timeoutMs: number; retries: number; backoffMs: number };
  /**
   * How long a request holds its Idempotency-Key before a retry may take it over (IDEMPOTENCY_LEASE_MS, default
   * 30000), measured on the database's clock (modules/idempotency/run-idempotent.ts).
   */
  idempotencyLeaseMs: number;
  /**
   * Whether the OpenAPI document and its viewer are served at /docs (API_DOCS=on|off): by default on, except in a
   * production start (NODE_ENV=production), where it would publish every route and ecode to anyone; `npm start`,
   * the newcomer's demo, turns it on.
   */
  apiDocs: boolean;
  /**
   * Prefixes the workflow API is also served under (API_ALIASES, default `/infoplus/apis/v2`; `none` for none):
   * `/infoplus/apis/v2/task/{id}` is `/api/task/{id}`, for clients configured for another vendor's server.
   */
  apiAliases: string[];
  /**
   * Whether routes under the API_ALIASES prefixes take the access token from an `access_token` query parameter or
   * form field too (API_ALIAS_TOKEN_IN_QUERY=on|off, default on; RFC 6750 §2.2/§2.3), as clients of the other
   * vendor's API family send it. Never under `/api`. The token is never logged (request URLs are logged without
   * their query string).
   */
  apiAliasTokenInQuery: boolean;
  /** The virus-scan hook run on every upload (modules/attachments/scan-hook.ts); command null = none. */
  attachmentScan: { command: string | null; timeoutMs: number; concurrency: number };
  /**
   * What one person may upload (modules/attachments/upload-quota.ts): bytes per clock hour (UPLOAD_BYTES_PER_HOUR)
   * and bytes uploaded but not yet attached to a submitted form (UPLOAD_UNATTACHED_BYTES); null = no limit.
   */
  uploadQuota: { bytesPerHour: number | null; unattachedBytes: number | null };
  /**
   * Free space the data volume keeps (DISK_RESERVE_BYTES, bytes or a percentage of the volume): uploads are
   * refused before they would take free space below it (platform/disk-reserve.ts). Null = not checked.
   */
  diskReserve: { bytes: number } | { percent: number } | null;
  /** The directory whose volume's free space is checked: the SQLite file's, or DATA_DIR; null = none known. */
  dataDir: string | null;
}

const SIZE = /^(\d{1,15})\s*(B|KB|MB|GB|TB)?$/i;
const SIZE_MESSAGE = 'must be a size in bytes, or with KB, MB, GB or TB (1 MB = 1,048,576 bytes), or "off"';
const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

/** `200MB` → 209715200; `off` → null. */
function parseSize(v: string): number | null {
  if (v.trim().toLowerCase() === 'off') return null;
  const [, n, unit] = SIZE.exec(v.trim())!;
  return Number(n) * UNITS[(unit ?? 'B').toUpperCase()]!;
}
const sizeSetting = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => v.trim().toLowerCase() === 'off' || SIZE.test(v.trim()), SIZE_MESSAGE);

const ACCOUNT = /^[A-Za-z0-9._@-]{1,64}$/;

const boolFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

// A claim name such as `preferred_username`, or a dotted path into nested claims (`realm_access.roles`).
const CLAIM_PATH = /^[\w:/.-]{1,200}$/;

/** Attributes read from a CAS ticket validation when CAS_ATTRIBUTES does not name others (first one present wins). */
export const CAS_DEFAULT_ATTRIBUTES: Record<'name' | 'email' | 'department', string[]> = {
  name: ['displayName', 'cn', 'name'],
  email: ['mail', 'email'],
  department: ['department', 'ou'],
};

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  BASE_PATH: z
    .string()
    .regex(/^\/([A-Za-z0-9._~-]+\/?)*$/, 'must start with "/" and hold only path characters')
    .default('/'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, 'must start with sqlite: or postgres://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  // Put before every key and pub/sub channel in Redis, so applications (or separate halls) can share one server.
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{0,64}$/, 'must be up to 64 letters, digits, ":", ".", "_" or "-", e.g. hall-prod:')
    .default(''),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('service-hall'),
  OIDC_RESPONSE_TYPE: z.enum(['code', 'id_token token']).default('code'),
  PUBLIC_MODE: boolFlag.default(false),
  // Nothing is seeded unless asked: `npm start` (the newcomer's demo) asks for `demo` (scripts/start.mjs).
  SEED: z.enum(['demo', 'none']).default('none'),
  ADMIN_ACCOUNT: z.string().regex(ACCOUNT, 'must be an account name: letters, digits, ".", "_", "-" or "@"').optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  ADMIN_ACCOUNTS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  WEB_DIST: z.string().optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .refine(
      (v) =>
        v.trim() === 'none' ||
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .every(validProxy),
      'must be "none" or a comma-separated list of IP addresses, CIDRs, loopback, linklocal or uniquelocal',
    ),
  START_QUOTA: z
    .string()
    .regex(/^(off|\d{1,6},\d{1,6})$/, 'must be "off" or "<per hour>,<per day>", e.g. 30,100')
    .default('30,100'),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  LIST_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  // Per signed-in user. Generous: a busy page makes ~20 calls.
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(10).max(1_000_000).default(600),
  OIDC_AUDIENCE: z
    .string()
    .regex(/^[^\s,]+(,[^\s,]+)*$/, 'must be one audience or a comma-separated list')
    .optional(),
  OIDC_USERNAME_CLAIM: z
    .string()
    .regex(CLAIM_PATH, 'must be a claim name, dotted for nested claims')
    .default('preferred_username'),
  OIDC_ROLES_CLAIM: z.string().regex(CLAIM_PATH, 'must be a claim name, dotted for nested claims').optional(),
  OIDC_DEPARTMENT_CLAIM: z
    .string()
    .regex(CLAIM_PATH, 'must be a claim name, dotted for nested claims')
    .default('department'),
  CALLBACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  CALLBACK_RETRIES: z.coerce.number().int().min(0).max(5).default(3),
  CALLBACK_BACKOFF_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  API_DOCS: z.enum(['on', 'off']).optional(),
  API_ALIAS_TOKEN_IN_QUERY: z.enum(['on', 'off']).default('on'),
  IDEMPOTENCY_LEASE_MS: z.coerce.number().int().min(1).max(86_400_000).default(30_000),
  CAS_URL: z.url({ protocol: /^https?$/ }).optional(),
  CAS_ATTRIBUTES: z
    .string()
    .regex(
      /^(name|email|department)=[\w.:-]+(\|[\w.:-]+)*(,(name|email|department)=[\w.:-]+(\|[\w.:-]+)*)*$/,
      'must look like name=displayName|cn,email=mail,department=ou',
    )
    .optional(),
  API_ALIASES: z
    .string()
    .default('/infoplus/apis/v2')
    .refine(
      (v) =>
        v.trim() === 'none' ||
        v
          .split(',')
          .map((s) => s.trim())
          .every((p) => API_ALIAS.test(p) && !RESERVED_PREFIX.test(p)),
      'must be "none" or comma-separated path prefixes such as /infoplus/apis/v2 (not /api, /oidc, /docs, /graphql or /bus)',
    ),
  ATTACHMENT_SCAN_COMMAND: z.string().min(1).optional(),
  ATTACHMENT_SCAN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  ATTACHMENT_SCAN_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  UPLOAD_BYTES_PER_HOUR: sizeSetting('200MB'),
  UPLOAD_UNATTACHED_BYTES: sizeSetting('100MB'),
  DISK_RESERVE_BYTES: z
    .string()
    .default('512MB')
    .refine(
      (v) => v.trim().toLowerCase() === 'off' || SIZE.test(v.trim()) || /^\d{1,2}(\.\d{1,2})?%$/.test(v.trim()),
      'must be a size (e.g. 512MB), a percentage of the volume below 100 (e.g. 5%), or "off"',
    ),
  DATA_DIR: z.string().min(1).optional(),
  TASK_API: z
    .string()
    .regex(/^(https?:\/\/|\/)\S*$/, 'must be an http(s) URL or a path starting with "/"')
    .optional(),
});

// A path prefix of letters, digits and ._~- segments, without a trailing slash.
const API_ALIAS = /^(\/[A-Za-z0-9._~-]+)+$/;
// Prefixes that are routes of their own: an alias there would shadow or be shadowed by them.
const RESERVED_PREFIX = /^\/(api|oidc|docs|graphql|bus|static|healthz|readyz|metrics)(\/|$)/;

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: a name proxy-addr knows, an address, or an address/prefix length. */
function validProxy(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

export class ConfigError extends Error {}

/**
 * The settings that hold secrets (the URLs may carry a password). Their values are never printed, not even in the
 * error naming them, and each may instead be read from a file named by `<NAME>_FILE` (Docker and Kubernetes
 * secrets, systemd's LoadCredential).
 */
export const SECRET_SETTINGS = ['ADMIN_PASSWORD', 'DATABASE_URL', 'REDIS_URL', 'METRICS_TOKEN'] as const;
const SECRETS = new Set<string>(SECRET_SETTINGS);

/**
 * Values printed in deploy/service-hall.env.example and the docs as something to replace. A server started with
 * one would be open to anyone who read the example, so it refuses to start.
 */
const PLACEHOLDERS = new Set(['change-me-now-please', 'a long secret', 'secret', '…', '...']);

function invalid(env: NodeJS.ProcessEnv, name: string, message: string): ConfigError {
  const shown = SECRETS.has(name) && env[name] ? '(hidden)' : JSON.stringify(env[name] ?? '');
  return new ConfigError(`Invalid configuration: ${name}=${shown} — ${message}`);
}

/**
 * Replaces each `<NAME>_FILE` by `<NAME>` holding the file's contents, less one trailing newline (what `echo` and
 * most editors add; any other whitespace is part of the secret). Setting both is refused: which one wins would be
 * a guess.
 */
function readSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) throw new ConfigError(`Invalid configuration: ${name} and ${name}_FILE are both set; keep one`);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? String(err);
      throw new ConfigError(`Invalid configuration: ${name}_FILE=${JSON.stringify(file)} — cannot be read (${code})`);
    }
    out[name] = text.replace(/\r?\n$/, '');
    if (out[name] === '')
      throw new ConfigError(`Invalid configuration: ${name}_FILE=${JSON.stringify(file)} — is empty`);
    delete out[`${name}_FILE`];
  }
  return out;
}

/** The password inside a `scheme://user:password@host` URL, if any. */
function urlPassword(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return decodeURIComponent(new URL(url).password) || null;
  } catch {
    return null;
  }
}

/** Parses the environment; throws ConfigError naming the first bad variable in one line. */
export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const env = readSecretFiles(rawEnv);
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw invalid(env, name, issue.message);
  }
  const e = parsed.data;
  for (const [name, secret] of [
    ['ADMIN_PASSWORD', e.ADMIN_PASSWORD],
    ['METRICS_TOKEN', e.METRICS_TOKEN],
    ['DATABASE_URL', urlPassword(e.DATABASE_URL)],
    ['REDIS_URL', urlPassword(e.REDIS_URL)],
  ] as const) {
    if (secret && PLACEHOLDERS.has(secret.trim())) {
      throw invalid(env, name, 'holds the placeholder from the example configuration; choose a secret of your own');
    }
  }
  // CAS sign-in lives in the embedded IdP (idp/cas-login.ts), which an external issuer switches off.
  if (e.CAS_URL && e.OIDC_ISSUER) throw invalid(env, 'CAS_URL', 'works only with the embedded IdP; unset OIDC_ISSUER');
  if (e.ADMIN_ACCOUNT && !e.ADMIN_PASSWORD) throw invalid(env, 'ADMIN_PASSWORD', 'must be set with ADMIN_ACCOUNT');
  if (e.ADMIN_PASSWORD && !e.ADMIN_ACCOUNT) throw invalid(env, 'ADMIN_ACCOUNT', 'must be set with ADMIN_PASSWORD');
  if (e.ADMIN_ACCOUNT && e.OIDC_ISSUER) {
    throw invalid(
      env,
      'ADMIN_ACCOUNT',
      'is for the embedded IdP; with OIDC_ISSUER name administrators in ADMIN_ACCOUNTS',
    );
  }
  const adminAccounts = e.ADMIN_ACCOUNTS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const badAccount = adminAccounts.find((a) => !ACCOUNT.test(a));
  if (badAccount) throw invalid(env, 'ADMIN_ACCOUNTS', `"${badAccount}" is not an account name`);
  const basePath = e.BASE_PATH.endsWith('/') ? e.BASE_PATH : `${e.BASE_PATH}/`;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // Tokens must name the API: ours by default, or what the institution's IdP puts in `aud` (OIDC_AUDIENCE).
  const audiences = e.OIDC_AUDIENCE ? e.OIDC_AUDIENCE.split(',').filter(Boolean) : [`${publicUrl}/api`];
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    basePath,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(repoRoot, 'data', 'service-hall.sqlite')}`,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    oidcIssuer: e.OIDC_ISSUER ?? null,
    oidcClientId: e.OIDC_CLIENT_ID,
    oidcResponseType: e.OIDC_RESPONSE_TYPE,
    publicMode: e.PUBLIC_MODE,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    webDist: e.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
    apiAudience: audiences[0]!,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    taskApi: e.TASK_API ?? null,
    startQuota:
      e.START_QUOTA === 'off'
        ? null
        : {
            perHour: Number(e.START_QUOTA.split(',')[0]),
            perDay: Number(e.START_QUOTA.split(',')[1]),
          },
    trustProxy:
      e.TRUST_PROXY.trim() === 'none'
        ? false
        : e.TRUST_PROXY.split(',')
            .map((v) => v.trim())
            .filter(Boolean),
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST ?? e.HOST },
    listCacheBytes: e.LIST_CACHE_MB * 1024 * 1024,
    apiLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    oidcClaims: {
      username: e.OIDC_USERNAME_CLAIM,
      roles: e.OIDC_ROLES_CLAIM ?? null,
      department: e.OIDC_DEPARTMENT_CLAIM,
      audiences,
    },
    cas: e.CAS_URL ? { url: e.CAS_URL.replace(/\/$/, ''), attributes: casAttributes(e.CAS_ATTRIBUTES) } : null,
    adminAccount: e.ADMIN_ACCOUNT && e.ADMIN_PASSWORD ? { account: e.ADMIN_ACCOUNT, password: e.ADMIN_PASSWORD } : null,
    adminAccounts,
    callbacks: { timeoutMs: e.CALLBACK_TIMEOUT_MS, retries: e.CALLBACK_RETRIES, backoffMs: e.CALLBACK_BACKOFF_MS },
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_MS,
    apiDocs: e.API_DOCS ? e.API_DOCS === 'on' : e.NODE_ENV !== 'production',
    apiAliases: e.API_ALIASES.trim() === 'none' ? [] : [...new Set(e.API_ALIASES.split(',').map((p) => p.trim()))],
    apiAliasTokenInQuery: e.API_ALIAS_TOKEN_IN_QUERY === 'on',
    attachmentScan: {
      command: e.ATTACHMENT_SCAN_COMMAND ?? null,
      timeoutMs: e.ATTACHMENT_SCAN_TIMEOUT_MS,
      concurrency: e.ATTACHMENT_SCAN_CONCURRENCY,
    },
    uploadQuota: {
      bytesPerHour: parseSize(e.UPLOAD_BYTES_PER_HOUR),
      unattachedBytes: parseSize(e.UPLOAD_UNATTACHED_BYTES),
    },
    diskReserve: e.DISK_RESERVE_BYTES.trim().endsWith('%')
      ? { percent: Number(e.DISK_RESERVE_BYTES.trim().slice(0, -1)) }
      : parseSize(e.DISK_RESERVE_BYTES) === null
        ? null
        : { bytes: parseSize(e.DISK_RESERVE_BYTES)! },
    dataDir: e.DATA_DIR
      ? path.resolve(e.DATA_DIR)
      : sqliteDir(e.DATABASE_URL ?? `sqlite:${path.join(repoRoot, 'data', 'service-hall.sqlite')}`),
  };
}

/** The directory of a `sqlite:<file>` URL (none for PostgreSQL or an in-memory database). */
function sqliteDir(url: string): string | null {
  if (!url.startsWith('sqlite:')) return null;
  const file = url.slice('sqlite:'.length);
  return file === '' || file === ':memory:' ? null : path.dirname(path.resolve(file));
}

/** `name=displayName|cn,email=mail` → candidate attribute names per field, defaults for the fields not named. */
function casAttributes(spec: string | undefined): Record<'name' | 'email' | 'department', string[]> {
  const map = { ...CAS_DEFAULT_ATTRIBUTES };
  for (const pair of (spec ?? '').split(',').filter(Boolean)) {
    const [field, names] = pair.split('=') as ['name' | 'email' | 'department', string];
    map[field] = names.split('|');
  }
  return map;
}
