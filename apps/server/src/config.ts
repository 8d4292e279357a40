import { z } from 'zod';
import path from 'node:path';
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
  /** Origins allowed by CORS besides our own (comma-separated CORS_ORIGINS). */
  corsOrigins: string[];
  /** GraphQL task API published to the SPA (TASK_API, URL or path); null = the SPA reads lists over REST. */
  taskApi: string | null;
  /** First administrator of the embedded IdP (ADMIN_ACCOUNT + ADMIN_PASSWORD): created at start when missing. */
  adminAccount: { account: string; password: string } | null;
  /** Accounts that are administrators (ADMIN_ACCOUNTS): given the role at start and on first sign-in. */
  adminAccounts: string[];
}


const ACCOUNT = /^[A-Za-z0-9._@-]{1,64}$/;

const boolFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

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
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
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
  TASK_API: z.string().regex(/^(https?:\/\/|\/)\S*$/, 'must be an http(s) URL or a path starting with "/"').optional(),
});

export class ConfigError extends Error {}

// Their values are never printed, not even in the error naming them.
const SECRETS = new Set(['ADMIN_PASSWORD']);

function invalid(env: NodeJS.ProcessEnv, name: string, message: string): ConfigError {
  const shown = SECRETS.has(name) && env[name] ? '(hidden)' : JSON.stringify(env[name] ?? '');
  return new ConfigError(`Invalid configuration: ${name}=${shown} — ${message}`);
}

/** Parses the environment; throws ConfigError naming the first bad variable in one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw invalid(env, name, issue.message);
  }
  const e = parsed.data;
  if (e.ADMIN_ACCOUNT && !e.ADMIN_PASSWORD) throw invalid(env, 'ADMIN_PASSWORD', 'must be set with ADMIN_ACCOUNT');
  if (e.ADMIN_PASSWORD && !e.ADMIN_ACCOUNT) throw invalid(env, 'ADMIN_ACCOUNT', 'must be set with ADMIN_PASSWORD');
  if (e.ADMIN_ACCOUNT && e.OIDC_ISSUER) {
    throw invalid(env, 'ADMIN_ACCOUNT', 'is for the embedded IdP; with OIDC_ISSUER name administrators in ADMIN_ACCOUNTS');
  }
  const adminAccounts = e.ADMIN_ACCOUNTS.split(',').map((s) => s.trim()).filter(Boolean);
  const badAccount = adminAccounts.find((a) => !ACCOUNT.test(a));
  if (badAccount) throw invalid(env, 'ADMIN_ACCOUNTS', `"${badAccount}" is not an account name`);
  const basePath = e.BASE_PATH.endsWith('/') ? e.BASE_PATH : `${e.BASE_PATH}/`;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    basePath,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(repoRoot, 'data', 'service-hall.sqlite')}`,
    redisUrl: e.REDIS_URL ?? null,
    oidcIssuer: e.OIDC_ISSUER ?? null,
    oidcClientId: e.OIDC_CLIENT_ID,
    oidcResponseType: e.OIDC_RESPONSE_TYPE,
    publicMode: e.PUBLIC_MODE,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    webDist: e.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
    apiAudience: `${publicUrl}/api`,
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    taskApi: e.TASK_API ?? null,
    adminAccount: e.ADMIN_ACCOUNT && e.ADMIN_PASSWORD ? { account: e.ADMIN_ACCOUNT, password: e.ADMIN_PASSWORD } : null,
    adminAccounts,
  };
}
