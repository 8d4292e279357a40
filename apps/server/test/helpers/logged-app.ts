import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SignJWT } from 'jose';

import { SCOPE_STRING } from '@service-hall/contracts';

import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadOrCreateSigningKey } from '../../src/auth/signing-keys.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { seedDemo } from '../../src/seed/seed-demo.ts';

export interface LoggedApp extends BuiltApp {
  config: Config;
  /** Every log line written so far, raw. */
  lines: string[];
  /** Parsed log lines that carry `security: true`. */
  securityEvents(): Array<Record<string, unknown>>;
  /** Signs an access token with the embedded IdP's key; `claims` may override or add anything (nbf, exp…). */
  token(
    account: string,
    options?: { scope?: string; header?: Record<string, unknown>; claims?: Record<string, unknown> },
  ): Promise<string>;
  auth(account: string, scope?: string): Promise<{ authorization: string }>;
}

/**
 * The real server on a seeded SQLite file with its log captured at `info`, for tests that read log lines.
 * `env` may add configuration (NODE_ENV=production, REDIS_URL…).
 */
export async function createLoggedApp(env: Record<string, string> = {}): Promise<LoggedApp> {
  const file = path.join(os.tmpdir(), `service-hall-log-${randomBytes(6).toString('hex')}.sqlite`);
  const url = `sqlite:${file}`;
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'info', SEED: 'none', PORT: '8080', ...env });
  const handle = await openDatabase(url);
  await migrateToLatest(handle.db);
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const built = await buildApp(config, { database: handle, logStream });
  await seedDemo(built.ctx);
  await built.app.ready();
  const key = await loadOrCreateSigningKey(handle.db, built.ctx.now());
  const token: LoggedApp['token'] = async (account, o = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      scope: o.scope ?? SCOPE_STRING,
      client_id: config.oidcClientId,
      sub: account,
      iss: `${config.publicUrl}/oidc`,
      aud: config.apiAudience,
      iat: now,
      exp: now + 900,
      jti: randomBytes(8).toString('hex'),
      ...o.claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt', ...o.header })
      .sign(key.privateKey);
  };
  return {
    ...built,
    config,
    lines,
    securityEvents: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.security === true),
    token,
    auth: async (account, scope) => ({ authorization: `Bearer ${await token(account, { scope })}` }),
    async close() {
      await built.close();
      await handle.close();
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    },
  };
}
