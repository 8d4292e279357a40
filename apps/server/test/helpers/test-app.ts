import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

import { SCOPE_STRING } from '@service-hall/contracts';

import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadOrCreateSigningKey } from '../../src/auth/signing-keys.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { seedDemo } from '../../src/seed/seed-demo.ts';
import { installContractCheck, reportContractCheck } from './contract-check.ts';
import { freshPostgresDatabase, freshSqliteFile } from './fresh-database.ts';

export interface TestApp extends BuiltApp {
  config: Config;
  /** A bearer token for a seeded account, signed by the embedded IdP's key, as the sign-in flow would issue. */
  tokenFor(
    account: string,
    options?: { scope?: string; expiresIn?: string | number; audience?: string },
  ): Promise<string>;
  /** Authorization header object for app.inject. */
  auth(account: string, scope?: string): Promise<{ authorization: string }>;
  dialect: 'sqlite' | 'postgres';
  /** The open database under the app (statement observers, the raw SQLite connection). */
  database: DatabaseHandle;
}

/** Which databases the API tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (CI sets it). */
export const testDialects = (): Array<'sqlite' | 'postgres'> =>
  process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * For files whose subject is the HTTP layer above the database — security headers, compression, bearer tokens,
 * sign-in through an institution's IdP or CAS, GraphQL's limits: SQLite only. What they check happens before or
 * beside any query, and the statements their routes run are the same repository code that the files about storage
 * run on both databases. Halves their share of the unit stage (docs/adr/0023-test-suite-time-within-the-ci-budget.md).
 * A file whose subject is what is stored, read or refused by the database keeps testDialects().
 */
export const httpLayerDialects = (): Array<'sqlite'> => ['sqlite'];

/**
 * The real server in-process on a real database: a fresh SQLite file, or a fresh PostgreSQL schema when
 * dialect is postgres. Seeds the demo university unless seed is false.
 */
export async function createTestApp(
  options: {
    dialect?: 'sqlite' | 'postgres';
    seed?: boolean;
    now?: () => number;
    env?: Record<string, string>;
    /** SQLite: the directory the file is made in (a small volume of its own), instead of the temp folder. */
    sqliteDir?: string;
  } = {},
): Promise<TestApp> {
  const dialect = options.dialect ?? 'sqlite';
  const { url, drop } =
    dialect === 'postgres'
      ? await freshPostgresDatabase('sh_test')
      : freshSqliteFile('service-hall-test', options.sqliteDir);
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', SEED: 'none', PORT: '8080', ...options.env });
  const handle = await openDatabase(url);
  await migrateToLatest(handle.db);
  const built = await buildApp(config, { database: handle, now: options.now });
  // Every answer this app gives is checked against its route contract; close() fails on a mismatch.
  const contractCheck = installContractCheck(built.app);
  if (options.seed !== false) await seedDemo(built.ctx);
  await built.app.ready();
  const key = await loadOrCreateSigningKey(handle.db, built.ctx.now());

  const tokenFor: TestApp['tokenFor'] = async (account, o = {}) =>
    new SignJWT({ scope: o.scope ?? SCOPE_STRING, client_id: config.oidcClientId })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
      .setSubject(account)
      .setIssuer(`${config.publicUrl}/oidc`)
      .setAudience(o.audience ?? config.apiAudience)
      .setIssuedAt()
      .setJti(randomBytes(8).toString('hex'))
      .setExpirationTime(o.expiresIn ?? '15m')
      .sign(key.privateKey);

  return {
    ...built,
    config,
    dialect,
    database: handle,
    tokenFor,
    auth: async (account, scope) => ({ authorization: `Bearer ${await tokenFor(account, { scope })}` }),
    async close() {
      await built.close();
      await handle.close();
      await drop();
      reportContractCheck(contractCheck);
    },
  };
}
