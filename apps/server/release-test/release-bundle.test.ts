import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { stopWhileBusy } from './graceful-stop-check.ts';
import { freePort, launch, serviceEnv, signInOverHttp, waitForReady, type Started } from './http-helpers.ts';

// The release bundle as an operator receives it (`npm run package`, which `npm run test:release` runs first):
// unpacked in an empty folder, installed with production dependencies only, started with SEED unset and the
// bootstrap administrator in the environment, signed in to over HTTP, and stopped with SIGTERM.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
const tarball = path.join(repoRoot, 'release', `service-hall-${version}.tgz`);
const ADMIN = { account: 'it-admin', password: 'A-long-bootstrap-secret-1' };

/**
 * better-sqlite3's own installer (prebuild-install) fetches a prebuilt binary from GitHub, which an operator's
 * machine reaches and this one does not; it then compiles SQLite from source, ~90 s of a core here and over ten
 * minutes beside the rest of `npm test`. The binary the repository's own install built is the same file for this
 * Node ABI and platform, so it is handed to the installer as a local prebuild, in the name and layout prebuild-install
 * looks for (`<name>-v<version>-node-v<abi>-<platform>-<arch>.tar.gz` holding build/Release/). Everything else of
 * `npm ci --omit=dev` runs as an operator's does.
 */
function localSqlitePrebuild(workDir: string): Record<string, string> {
  const pkgDir = path.dirname(
    createRequire(path.join(repoRoot, 'apps', 'server', 'package.json')).resolve('better-sqlite3/package.json'),
  );
  const binary = path.join(pkgDir, 'build', 'Release', 'better_sqlite3.node');
  if (!fs.existsSync(binary)) return {};
  const { version: v } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const prebuilds = path.join(workDir, 'prebuilds');
  const stage = path.join(workDir, 'prebuild-stage');
  fs.mkdirSync(path.join(stage, 'build', 'Release'), { recursive: true });
  fs.mkdirSync(prebuilds, { recursive: true });
  fs.copyFileSync(binary, path.join(stage, 'build', 'Release', 'better_sqlite3.node'));
  const name = `better-sqlite3-v${v}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', path.join(prebuilds, name), '-C', stage, 'build']);
  return { npm_config_better_sqlite3_local_prebuilds: prebuilds };
}

describe('release bundle', () => {
  let dir: string;
  let bundle: string;
  let started: Started | null = null;
  let port: number;
  let base: string;

  beforeAll(() => {
    if (!fs.existsSync(tarball))
      throw new Error(`${tarball} is missing: run npm run package (npm run test:release does)`);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'service-hall-release-'));
    execFileSync('tar', ['-xzf', tarball, '-C', dir]);
    bundle = path.join(dir, `service-hall-${version}`);
    const t0 = Date.now();
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: bundle,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: serviceEnv(localSqlitePrebuild(dir)),
    });
    console.log(
      `release bundle ${path.basename(tarball)}: ${Math.round(fs.statSync(tarball).size / 1024)} KiB; ` +
        `npm ci --omit=dev took ${Math.round((Date.now() - t0) / 1000)} s`,
    );
  }, 900_000);

  afterAll(async () => {
    if (started && started.child.exitCode === null) started.child.kill('SIGKILL');
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds the compiled server and SPA, and installs no development tool', () => {
    for (const file of [
      'apps/server/dist/main.js',
      'apps/server/dist/migrate.js',
      'apps/web/dist/index.html',
      'apps/web/dist/phone.html',
      'package-lock.json',
    ]) {
      expect(fs.existsSync(path.join(bundle, file)), file).toBe(true);
    }
    expect(fs.existsSync(path.join(bundle, 'apps/server/src'))).toBe(false);
    for (const tool of ['tsx', 'typescript', 'vite', 'esbuild', 'vitest', 'react', 'antd']) {
      expect(fs.existsSync(path.join(bundle, 'node_modules', tool)), tool).toBe(false);
    }
    expect(fs.existsSync(path.join(bundle, 'node_modules', 'fastify'))).toBe(true);
  });

  it('starts with SEED unset: no demo data, the bootstrap administrator signs in, SIGTERM drains and exits', async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    started = launch(
      'npm',
      ['start'],
      bundle,
      serviceEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        LOG_LEVEL: 'info',
        ADMIN_ACCOUNT: ADMIN.account,
        // As the systemd unit and compose hand it over: a file (NAME_FILE), with the newline `echo` adds.
        ADMIN_PASSWORD_FILE: secretFile('admin_password', `${ADMIN.password}\n`),
      }),
    );
    await waitForReady(started, `${base}/readyz`);
    expect(started.output()).not.toContain('demo-accounts');
    expect((await fetch(`${base}/docs`)).status).toBe(404);

    // The SPA is served, and the demo accounts neither exist nor are offered on the sign-in page.
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    const demo = await signInOverHttp(base, 'admin', 'demo123');
    expect(demo).toHaveProperty('refusedPage');
    expect((demo as { refusedPage: string }).refusedPage).not.toContain('zhangsan');

    const signedIn = await signInOverHttp(base, ADMIN.account, ADMIN.password);
    expect(signedIn).toHaveProperty('accessToken');
    const token = (signedIn as { accessToken: string }).accessToken;
    const profile = await fetch(`${base}/api/me/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { entities: Array<{ account: string }> }).entities[0]).toMatchObject({
      account: ADMIN.account,
    });

    const report = await stopWhileBusy(started, base, port, token);
    console.log(
      `release bundle: SIGTERM to npm start → exit ${report.exitCode} after ${report.exitMs} ms, ` +
        `request in flight answered ${report.inFlightStatus}`,
    );

    // The database was closed cleanly (SQLite removes the WAL when the last connection closes) and holds only the
    // administrator: nothing was seeded.
    const file = path.join(bundle, 'data', 'service-hall.sqlite');
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('select account, roles from users').all()).toEqual([
        { account: ADMIN.account, roles: 'admin' },
      ]);
      expect(db.prepare('select count(*) as n from processes').get()).toEqual({ n: 0 });
      expect(db.prepare('select count(*) as n from apps').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }

    // The bundle's migration command sees the database the server migrated at start as up to date.
    const status = spawnSync('npm', ['run', '--silent', 'migrate', '--', '--status'], {
      cwd: bundle,
      encoding: 'utf8',
      env: serviceEnv({}),
    });
    expect(status.status, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/^001-domain\s+applied /m);
    expect(status.stdout).toContain('The database is up to date.');
  }, 180_000);

  it('refuses the example placeholder password at start, naming the setting but not the value', () => {
    const r = spawnSync(process.execPath, ['apps/server/dist/main.js'], {
      cwd: bundle,
      encoding: 'utf8',
      env: serviceEnv({ PORT: '0', ADMIN_ACCOUNT: 'hall-admin', ADMIN_PASSWORD: 'change-me-now-please' }),
      timeout: 60_000,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr + r.stdout).toContain('ADMIN_PASSWORD=(hidden) — holds the placeholder from the example');
    expect(r.stderr + r.stdout).not.toContain('change-me-now-please');
  }, 90_000);

  it("backs up the database with the bundle's admin command and restores it into another", () => {
    const backup = path.join(dir, 'hall.backup');
    const restoredFile = path.join(dir, 'restored.sqlite');
    const run = (...args: string[]) =>
      spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
        cwd: bundle,
        encoding: 'utf8',
        env: serviceEnv({
          LANG: 'en_US.UTF-8',
          DATABASE_URL_FILE: secretFile('database_url', `sqlite:${path.join(bundle, 'data', 'service-hall.sqlite')}\n`),
        }),
      });
    const b = run('backup', backup);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stdout).toMatch(/^Backed up to .* \(sqlite, .*\); integrity checked/);
    const r = run('restore', backup, '--database', `sqlite:${restoredFile}`);
    expect(r.status, r.stderr).toBe(0);
    const db = new Database(restoredFile, { readonly: true });
    try {
      expect(db.prepare('select account from users').all()).toEqual([{ account: ADMIN.account }]);
      expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      db.close();
    }
  }, 120_000);

  /** A secret in a file of its own, mode 0600, as Docker secrets and systemd credentials are. */
  function secretFile(name: string, text: string): string {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text, { mode: 0o600 });
    return file;
  }
});
