import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { ConfigError, loadConfig, SECRET_SETTINGS } from '../../src/config.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hall-secrets-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function secretFile(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text, { mode: 0o600 });
  return file;
}

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
};

describe('secrets from files (NAME_FILE)', () => {
  it('reads every secret setting from its file, less one trailing newline', () => {
    expect(SECRET_SETTINGS).toEqual(['ADMIN_PASSWORD', 'DATABASE_URL', 'REDIS_URL', 'METRICS_TOKEN']);
    const c = loadConfig({
      ADMIN_ACCOUNT: 'hall-admin',
      ADMIN_PASSWORD_FILE: secretFile('admin', 'a password of mine \n'),
      DATABASE_URL_FILE: secretFile('db', 'postgres://hall:s3cr%40t@db.internal:5432/hall\n'),
      REDIS_URL_FILE: secretFile('redis', 'redis://:r3dis-pass@redis.internal:6379\r\n'),
      METRICS_TOKEN_FILE: secretFile('metrics', 'metrics-token-0123456789'),
    });
    // Only one newline goes: the space before it is part of the password.
    expect(c.adminAccount).toEqual({ account: 'hall-admin', password: 'a password of mine ' });
    expect(c.databaseUrl).toBe('postgres://hall:s3cr%40t@db.internal:5432/hall');
    expect(c.redisUrl).toBe('redis://:r3dis-pass@redis.internal:6379');
    expect(c.metrics.token).toBe('metrics-token-0123456789');
  });

  it('refuses both NAME and NAME_FILE, an unreadable or empty file, and never prints the secret', () => {
    expect(
      refusal({ METRICS_TOKEN: 'metrics-token-0123456789', METRICS_TOKEN_FILE: secretFile('m2', 'x'.repeat(20)) }),
    ).toBe('Invalid configuration: METRICS_TOKEN and METRICS_TOKEN_FILE are both set; keep one');
    const missing = path.join(dir, 'missing');
    expect(refusal({ DATABASE_URL_FILE: missing })).toBe(
      `Invalid configuration: DATABASE_URL_FILE=${JSON.stringify(missing)} — cannot be read (ENOENT)`,
    );
    expect(refusal({ REDIS_URL_FILE: secretFile('empty', '\n') })).toMatch(/REDIS_URL_FILE=.* — is empty$/);
    const bad = refusal({ DATABASE_URL_FILE: secretFile('bad', 'mysql://root:hunter2hunter2@db/hall\n') })!;
    expect(bad).toBe('Invalid configuration: DATABASE_URL=(hidden) — must start with sqlite: or postgres://');
    expect(bad).not.toContain('hunter2');
  });

  it('refuses the placeholders of the example configuration at start', () => {
    expect(refusal({ ADMIN_ACCOUNT: 'hall-admin', ADMIN_PASSWORD: 'change-me-now-please' })).toBe(
      'Invalid configuration: ADMIN_PASSWORD=(hidden) — holds the placeholder from the example configuration; ' +
        'choose a secret of your own',
    );
    expect(
      refusal({ ADMIN_ACCOUNT: 'hall-admin', ADMIN_PASSWORD_FILE: secretFile('ph', 'change-me-now-please\n') }),
    ).toMatch(/ADMIN_PASSWORD=\(hidden\) — holds the placeholder/);
    expect(refusal({ DATABASE_URL: 'postgres://hall:secret@db.internal:5432/hall' })).toMatch(
      /^Invalid configuration: DATABASE_URL=\(hidden\) — holds the placeholder/,
    );
    expect(loadConfig({ ADMIN_ACCOUNT: 'hall-admin', ADMIN_PASSWORD: 'change-me-now-please!' }).adminAccount).toEqual({
      account: 'hall-admin',
      password: 'change-me-now-please!',
    });
  });

  it('reads REDIS_PREFIX and refuses characters that would not survive a channel name', () => {
    expect(loadConfig({}).redisPrefix).toBe('');
    expect(loadConfig({ REDIS_PREFIX: 'hall-prod:' }).redisPrefix).toBe('hall-prod:');
    expect(refusal({ REDIS_PREFIX: 'has space' })).toMatch(/^Invalid configuration: REDIS_PREFIX="has space"/);
  });
});
