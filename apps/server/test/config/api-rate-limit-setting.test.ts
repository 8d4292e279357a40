import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * API_RATE_LIMIT_PER_MINUTE: what one signed-in user may call per minute. An operator raises it for a gateway that
 * calls as a few users (and the benchmark for its few thousand users, who call faster than people do); the default
 * stays 600, and nonsense is refused at start with the setting's name.
 */
describe('the per-user API rate limit setting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '20' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the call past the set allowance 429, and counts each user on their own', async () => {
    const zhangsan = await t.auth('zhangsan', 'profile');
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: zhangsan })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const refused = await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: zhangsan });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ecode: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: await t.auth('lisi', 'profile') }))
        .statusCode,
    ).toBe(200);
  });

  it('is 600 unless set, and refuses what is not a sensible allowance', () => {
    expect(loadConfig({}).apiLimitPerMinute).toBe(600);
    expect(loadConfig({ API_RATE_LIMIT_PER_MINUTE: '100000' }).apiLimitPerMinute).toBe(100_000);
    for (const bad of ['0', '5', 'lots', '2000000']) {
      expect(() => loadConfig({ API_RATE_LIMIT_PER_MINUTE: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ API_RATE_LIMIT_PER_MINUTE: bad })).toThrow(/API_RATE_LIMIT_PER_MINUTE/);
    }
  });
});
