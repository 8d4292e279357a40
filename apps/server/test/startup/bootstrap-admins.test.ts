import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';

import type { BuiltApp } from '../../src/app.ts';
import { createUserDirectory } from '../../src/auth/user-directory.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { checkCredentials } from '../../src/idp/check-credentials.ts';
import { createLoginThrottle } from '../../src/idp/login-throttle.ts';
import { startInstance } from '../../src/startup/start-instance.ts';
import { freshPostgresDatabase, freshSqliteFile } from '../helpers/fresh-database.ts';
import { testDialects } from '../helpers/test-app.ts';

const ADMIN = { ADMIN_ACCOUNT: 'it-office', ADMIN_PASSWORD: 'Correct-horse-battery-7' };

describe('safe-default settings', () => {
  const configError = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (e) {
      if (e instanceof ConfigError) return e.message;
      throw e;
    }
    return null;
  };

  it('seeds nothing unless SEED=demo is set', () => {
    expect(loadConfig({}).seed).toBe('none');
    expect(loadConfig({ SEED: 'demo' }).seed).toBe('demo');
  });

  it('refuses incomplete or unsafe administrator settings with one line that never shows the password', () => {
    expect(configError({ ADMIN_ACCOUNT: 'root' })).toBe(
      'Invalid configuration: ADMIN_PASSWORD="" — must be set with ADMIN_ACCOUNT',
    );
    expect(configError({ ADMIN_PASSWORD: 'Long-enough-secret' })).toMatch(
      /^Invalid configuration: ADMIN_ACCOUNT="" — must be set/,
    );
    const short = configError({ ADMIN_ACCOUNT: 'root', ADMIN_PASSWORD: 'demo123' });
    expect(short).toBe('Invalid configuration: ADMIN_PASSWORD=(hidden) — must be at least 10 characters');
    expect(configError({ ...ADMIN, OIDC_ISSUER: 'https://idp.example.edu.cn' })).toMatch(
      /ADMIN_ACCOUNT.*ADMIN_ACCOUNTS/,
    );
    expect(configError({ ADMIN_ACCOUNTS: 'zhang.wei, li na' })).toMatch(
      /^Invalid configuration: ADMIN_ACCOUNTS=.*"li na" is not an account name$/,
    );
    expect(loadConfig({ ADMIN_ACCOUNTS: ' zhang.wei , li.na ,' }).adminAccounts).toEqual(['zhang.wei', 'li.na']);
  });
});

describe.each(testDialects())('first administrators and demo accounts on %s', (dialect) => {
  const open: BuiltApp[] = [];
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const app of open) await app.close();
    for (const drop of drops) await drop();
  });

  const freshUrl = async () => {
    const db = dialect === 'postgres' ? await freshPostgresDatabase('sh_boot') : freshSqliteFile('service-hall-boot');
    drops.push(db.drop);
    return db.url;
  };
  /** Starts an instance as main.ts does, with its log lines captured. */
  const start = async (url: string, env: Record<string, string>) => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const built = await startInstance(loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'info', PORT: '8080', ...env }), {
      logStream,
    });
    open.push(built);
    return { built, lines, warnings: () => lines.filter((l) => l.includes('"event":"demo-accounts"')) };
  };
  const signIn = (built: BuiltApp, username: string, password: string) =>
    checkCredentials(built.ctx.db, createLoginThrottle(), {
      username,
      password,
      ip: '127.0.0.1',
      now: built.ctx.now(),
    });
  const stop = async (built: BuiltApp) => {
    open.splice(open.indexOf(built), 1);
    await built.close();
  };

  it('a production start on an empty database creates only the administrator from the environment', async () => {
    const url = await freshUrl();
    const first = await start(url, ADMIN);
    const users = await first.built.ctx.db.selectFrom('users').select(['account', 'roles', 'enterprise_id']).execute();
    expect(users).toEqual([{ account: 'it-office', roles: 'admin', enterprise_id: 'default' }]);
    expect(await first.built.ctx.db.selectFrom('apps').select('id').execute()).toEqual([]);
    expect(await signIn(first.built, 'it-office', ADMIN.ADMIN_PASSWORD)).toEqual({ ok: true, account: 'it-office' });
    expect(first.warnings()).toEqual([]);
    await stop(first.built);

    // A later start with another password changes nothing: the administrator's password is theirs from now on.
    const second = await start(url, { ...ADMIN, ADMIN_PASSWORD: 'A-different-secret-8' });
    expect(await signIn(second.built, 'it-office', ADMIN.ADMIN_PASSWORD)).toEqual({ ok: true, account: 'it-office' });
    expect(await signIn(second.built, 'it-office', 'A-different-secret-8')).toMatchObject({ ok: false });
    expect(await second.built.ctx.db.selectFrom('users').select('account').execute()).toHaveLength(1);
    await stop(second.built);
  });

  it('ADMIN_ACCOUNTS: existing accounts get the role at start, new ones when their first sign-in creates them', async () => {
    const url = await freshUrl();
    const { built } = await start(url, { SEED: 'demo', ADMIN_ACCOUNTS: 'lisi,zhang.wei' });
    const roles = async (account: string) =>
      (
        await built.ctx.db.selectFrom('users').select('roles').where('account', '=', account).executeTakeFirst()
      )?.roles.split(',');
    expect(await roles('lisi')).toEqual(['teacher', 'counsellor', 'admin']);
    expect(await roles('zhangsan')).toEqual(['student']);
    const directory = createUserDirectory(built.ctx);
    expect(await directory.byAccount('zhang.wei', async () => ({ name: '张伟' }))).toMatchObject({
      account: 'zhang.wei',
      roles: ['admin'],
    });
    expect(await directory.byAccount('wang.fang', async () => ({ name: '王芳' }))).toMatchObject({
      account: 'wang.fang',
      roles: [],
    });
    await stop(built);
  });

  // Three real starts, the first seeding the demo university: 12–15 s on an idle machine, 27–34 s while the CI's
  // three stages share two cores (f39644a's code too, back to back): more than the 30 s default.
  it('warns loudly at every start while demo accounts sign in with the published password', async () => {
    const url = await freshUrl();
    const demo = await start(url, { SEED: 'demo' });
    expect(demo.warnings()).toHaveLength(1);
    const warning = JSON.parse(demo.warnings()[0]!) as { level: number; accounts: string[]; msg: string };
    expect(warning.level).toBe(40);
    expect(warning.accounts).toEqual(expect.arrayContaining(['admin', 'zhangsan', 'lisi']));
    expect(warning.msg).toMatch(/^WARNING: 13 demo accounts .* "demo123"/);
    await stop(demo.built);

    // Still there after a restart without SEED; gone for an account whose password was changed or that is disabled.
    const again = await start(url, {});
    expect(again.warnings()).toHaveLength(1);
    const db = again.built.ctx.db;
    await db.updateTable('users').set({ password_hash: null }).where('account', '!=', 'admin').execute();
    await db.updateTable('users').set({ disabled: 1 }).where('account', '=', 'admin').execute();
    await stop(again.built);
    expect((await start(url, {})).warnings()).toEqual([]);
  }, 90_000);
});
