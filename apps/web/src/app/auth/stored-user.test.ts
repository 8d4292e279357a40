// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { isLive, readStoredUser, storedUserKey } from './stored-user.ts';

const store = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });

describe('stored oidc user', () => {
  const key = storedUserKey('http://localhost:8080/oidc', 'service-hall');

  it('uses the key oidc-client-ts writes', () => {
    expect(key).toBe('oidc.user:http://localhost:8080/oidc:service-hall');
  });

  it('reads the token and expiry, ignores junk', () => {
    const user = { access_token: 'a.b.c', id_token: 'i', expires_at: 2_000_000_000, profile: { sub: 'u' } };
    expect(readStoredUser(key, store({ [key]: JSON.stringify(user) }))).toMatchObject({
      access_token: 'a.b.c',
      expires_at: 2_000_000_000,
    });
    expect(readStoredUser(key, store({}))).toBeNull();
    expect(readStoredUser(key, store({ [key]: '{not json' }))).toBeNull();
    expect(readStoredUser(key, store({ [key]: JSON.stringify({ expires_at: 1 }) }))).toBeNull();
  });

  it('is live until expires_at, like oidc-client-ts', () => {
    const now = 1_700_000_000_000;
    expect(isLive({ access_token: 't', expires_at: now / 1000 + 1 }, now)).toBe(true);
    expect(isLive({ access_token: 't', expires_at: now / 1000 }, now)).toBe(false);
    expect(isLive({ access_token: 't' }, now)).toBe(true);
    expect(isLive(null, now)).toBe(false);
  });
});
