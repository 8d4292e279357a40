import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HASHING_LIMITS, hashingStats, verifyPassword } from '../../src/auth/password.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import {
  createLoginThrottle,
  FREE_FAILURES_PER_PAIR,
  GLOBAL_FAILURE_BUDGET,
  MAX_PER_ADDRESS,
} from '../../src/idp/login-throttle.ts';
import { createLoggedApp } from '../helpers/logged-app.ts';
import { authorizeUrl, OidcBrowser, pkce } from '../helpers/oidc-browser.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Flood size: 2,000 in the unit suite (about 5 s); `npm run test:long` sends the 10,000 (FLOOD_RUNS). */
const FLOOD = Number(process.env.FLOOD_RUNS ?? 2000);

/** The client address cannot be forged, and nobody can lock someone else out. */
describe('sign-in under attack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED: 'demo' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const actionOf = (html: string) => /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  async function openSignIn(remoteAddress: string) {
    const browser = new OidcBrowser(t.app);
    browser.remoteAddress = remoteAddress;
    const page = await browser.follow(
      await browser.request(
        'GET',
        authorizeUrl({ response_type: 'code', code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
      ),
    );
    return { browser, action: actionOf(page.body) };
  }

  it(`throttles ${FLOOD} failed sign-ins with a rotating X-Forwarded-For, while the real user still signs in`, async () => {
    const attacker = await openSignIn('203.0.113.7');
    const statuses = new Map<number, number>();
    for (let i = 0; i < FLOOD; i++) {
      const xff = `${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}.9`;
      const res = await attacker.browser.request(
        'POST',
        attacker.action,
        { username: 'lisi', password: `guess${i}` },
        { 'x-forwarded-for': xff },
      );
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    console.info(`flood of ${FLOOD}: ${JSON.stringify(Object.fromEntries(statuses))}`);
    // A handful reached a password check (3 free, then one each time the growing delay ran out; never more than
    // the address's 20); everything else was refused unchecked.
    const checked = statuses.get(401) ?? 0;
    expect(checked).toBeGreaterThanOrEqual(FREE_FAILURES_PER_PAIR);
    expect(checked).toBeLessThanOrEqual(MAX_PER_ADDRESS);
    expect(statuses.get(429)).toBe(FLOOD - checked);
    const user = await openSignIn('198.51.100.20');
    const res = await user.browser.request('POST', user.action, { username: 'lisi', password: 'demo123' });
    expect(res.statusCode).toBe(303);
  }, 120_000);

  it('believes X-Forwarded-For only from a proxy named in TRUST_PROXY', async () => {
    const proxied = await createLoggedApp({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' });
    try {
      // The security log's address of a refused request is the address every limit counts under.
      const ip = async (remoteAddress: string) => {
        await proxied.app.inject({
          method: 'GET',
          url: '/api/me/profile',
          remoteAddress,
          headers: { 'x-forwarded-for': '198.51.100.9' },
        });
        return proxied.securityEvents().at(-1)!.ip;
      };
      expect(await ip('10.0.0.1')).toBe('198.51.100.9');
      expect(await ip('192.168.4.4')).toBe('198.51.100.9');
      expect(await ip('203.0.113.7')).toBe('203.0.113.7');
      expect(await ip('127.0.0.1')).toBe('127.0.0.1');
    } finally {
      await proxied.close();
    }
  });

  it('reads TRUST_PROXY: loopback by default, "none", and refuses a malformed entry', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('login throttle rules', () => {
  it('slows one address on one account progressively, and never the right password from elsewhere', async () => {
    const throttle = createLoginThrottle();
    const now = 1_000_000;
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      waits.push(await throttle.blockedFor('lisi', '203.0.113.7', now));
      await throttle.recordFailure('lisi', '203.0.113.7', now);
    }
    expect(waits).toEqual([0, 0, 0, 2, 4, 8, 16, 32]);
    // Five every 15 minutes used to lock the account for everyone; now another address goes straight in.
    expect(await throttle.blockedFor('lisi', '198.51.100.20', now)).toBe(0);
    expect(await throttle.blockedFor('lisi', '203.0.113.7', now + 64)).toBe(0);
  });

  it('stops an address after 20 failures across accounts', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < MAX_PER_ADDRESS; i++) await throttle.recordFailure(`user${i}`, '10.0.0.9', 1000);
    expect(await throttle.blockedFor('fresh', '10.0.0.9', 1001)).toBe(15 * 60 - 1);
    expect(await throttle.blockedFor('fresh', '10.0.0.10', 1001)).toBe(0);
  });

  it('spends a global failure budget: past it, addresses that failed wait, clean ones still sign in', async () => {
    const throttle = createLoginThrottle();
    const now = 2_000_000;
    for (let i = 0; i <= GLOBAL_FAILURE_BUDGET; i++)
      await throttle.recordFailure('lisi', `10.7.${i >> 8}.${i & 255}`, now);
    expect(await throttle.blockedFor('lisi', '10.7.0.1', now)).toBe(60);
    expect(await throttle.blockedFor('lisi', '198.51.100.20', now)).toBe(0);
    expect(await throttle.blockedFor('lisi', '10.7.0.1', now + 121)).toBe(0);
  });
});

describe('password hashing', () => {
  // 16, not the 120: each scrypt takes ~100 ms and they now run two at a time; the peak is what matters.
  it('runs at most two hashes at once, so concurrent checks leave the thread pool to other work', async () => {
    const stored = `scrypt$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => verifyPassword(`wrong${i}`, stored)));
    expect(results.every((ok) => ok === false)).toBe(true);
    expect(hashingStats().peak).toBe(HASHING_LIMITS.concurrent);
    expect(hashingStats().active).toBe(0);
  });
});
