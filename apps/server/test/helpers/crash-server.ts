import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { SignJWT } from 'jose';

import { SCOPE_STRING } from '@service-hall/contracts';

import { buildApp } from '../../src/app.ts';
import { loadOrCreateSigningKey } from '../../src/auth/signing-keys.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { seedDemo } from '../../src/seed/seed-demo.ts';
import { freshPostgresDatabase, freshSqliteFile } from './fresh-database.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** A database prepared for a server child process: migrated, seeded, with the IdP's signing key in it. */
export interface PreparedDatabase {
  url: string;
  env: Record<string, string>;
  /** Signs a one-hour access token the child will accept (same key, issuer and audience). */
  tokenFor(account: string): Promise<string>;
  drop(): Promise<void>;
}

/** Creates a fresh SQLite file or PostgreSQL database and seeds the demo university into it, in this process. */
export async function prepareDatabase(dialect: 'sqlite' | 'postgres', port: number): Promise<PreparedDatabase> {
  const { url, drop } =
    dialect === 'postgres' ? await freshPostgresDatabase('sh_crash') : freshSqliteFile('service-hall-crash');
  const env = {
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    // Starters here submit continuously for minutes: well over a person's quota, on purpose.
    START_QUOTA: 'off',
  };
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const handle = await openDatabase(url);
  await migrateToLatest(handle.db);
  const built = await buildApp(config, { database: handle });
  await seedDemo(built.ctx);
  const key = await loadOrCreateSigningKey(handle.db, built.ctx.now());
  await built.close();
  await handle.close();
  return {
    url,
    env,
    tokenFor: (account) =>
      new SignJWT({ scope: SCOPE_STRING, client_id: config.oidcClientId })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
        .setSubject(account)
        .setIssuer(`${config.publicUrl}/oidc`)
        .setAudience(config.apiAudience)
        .setIssuedAt()
        .setJti(randomBytes(8).toString('hex'))
        .setExpirationTime('2h')
        .sign(key.privateKey),
    drop,
  };
}

/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`), so it can be killed with
 * SIGKILL mid-request and started again on the same database.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private output = '';
  starts = 0;

  constructor(
    private readonly env: Record<string, string>,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and resolves once /healthz answers. */
  async start(timeoutMs = 60_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts++;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server exited during start-up (${child.exitCode ?? child.signalCode}):\n${this.output}`);
      }
      try {
        const res = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(1000) });
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await sleep(50);
    }
    throw new Error(`server did not start within ${timeoutMs} ms:\n${this.output}`);
  }

  /** SIGKILL: no shutdown hook runs, in-flight requests and transactions are cut off. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM: the graceful stop of main.ts. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  get log(): string {
    return this.output;
  }

  /** The child's process id while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Whether the child started last is still running (it has not exited or been killed). */
  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  private async signal(sig: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(sig);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
