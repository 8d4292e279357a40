// @vitest-environment node
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { atHash, parseFragment, validateImplicitResponse } from './implicit-validate.ts';

const issuer = 'http://idp.test/oidc';
const clientId = 'service-hall';

// RSA key generation is the slow part of this file (a good second each under load); the cases share two key pairs:
// the IdP's, and another for the forged signature. Each case still signs its own token.
const keyPairs = new Map<'idp' | 'other', ReturnType<typeof generateKeyPair>>();
const keyPair = (which: 'idp' | 'other') => {
  if (!keyPairs.has(which)) keyPairs.set(which, generateKeyPair('RS256'));
  return keyPairs.get(which)!;
};

async function setup(which: 'idp' | 'other' = 'idp') {
  const { publicKey, privateKey } = await keyPair(which);
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  const getKey = createLocalJWKSet({ keys: [jwk] });
  const accessToken = 'at-123';
  const sign = async (claims: Record<string, unknown>, opts: { aud?: string; iss?: string; exp?: string } = {}) =>
    new SignJWT({ nonce: 'n1', at_hash: await atHash(accessToken, 'RS256'), ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(opts.iss ?? issuer)
      .setAudience(opts.aud ?? clientId)
      .setSubject('u1')
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '5m')
      .sign(privateKey);
  return { getKey, accessToken, sign };
}

// A ceiling on waiting, not a timing: the first case generates the key pair, which took over 5 s in a fresh-clone run
// with the other stages beside it.
describe('implicit flow validation', { timeout: 30_000 }, () => {
  it('accepts a correct response', async () => {
    const s = await setup();
    const id = await s.sign({});
    const params = parseFragment(`#access_token=${s.accessToken}&id_token=${id}&state=s1&expires_in=600`);
    const u = await validateImplicitResponse(
      params,
      { state: 's1', nonce: 'n1' },
      { issuer, clientId, getKey: s.getKey },
    );
    expect(u.accessToken).toBe('at-123');
    expect(u.claims.sub).toBe('u1');
  });

  const cases: Array<
    [
      string,
      (
        s: Awaited<ReturnType<typeof setup>>,
      ) => Promise<[Record<string, string>, { state: string; nonce: string } | null]>,
    ]
  > = [
    [
      'state mismatch',
      async (s) => [
        { access_token: s.accessToken, id_token: await s.sign({}), state: 'other' },
        { state: 's1', nonce: 'n1' },
      ],
    ],
    [
      'no sign-in in progress',
      async (s) => [{ access_token: s.accessToken, id_token: await s.sign({}), state: 's1' }, null],
    ],
    [
      'nonce mismatch',
      async (s) => [
        { access_token: s.accessToken, id_token: await s.sign({ nonce: 'evil' }), state: 's1' },
        { state: 's1', nonce: 'n1' },
      ],
    ],
    [
      'at_hash mismatch',
      async (s) => [
        { access_token: 'swapped', id_token: await s.sign({}), state: 's1' },
        { state: 's1', nonce: 'n1' },
      ],
    ],
    [
      'aud',
      async (s) => [
        { access_token: s.accessToken, id_token: await s.sign({}, { aud: 'other' }), state: 's1' },
        { state: 's1', nonce: 'n1' },
      ],
    ],
    [
      'iss',
      async (s) => [
        { access_token: s.accessToken, id_token: await s.sign({}, { iss: 'http://evil' }), state: 's1' },
        { state: 's1', nonce: 'n1' },
      ],
    ],
    [
      'exp',
      async (s) => [
        { access_token: s.accessToken, id_token: await s.sign({}, { exp: '-1m' }), state: 's1' },
        { state: 's1', nonce: 'n1' },
      ],
    ],
    [
      'access_denied',
      async () => [
        { error: 'access_denied', state: 's1' },
        { state: 's1', nonce: 'n1' },
      ],
    ],
  ];
  it.each(cases)('rejects: %s', async (_name, make) => {
    const s = await setup();
    const [params, pending] = await make(s);
    await expect(validateImplicitResponse(params, pending, { issuer, clientId, getKey: s.getKey })).rejects.toThrow();
  });

  it('rejects a forged signature', async () => {
    const s = await setup();
    const other = await setup('other');
    const id = await other.sign({});
    await expect(
      validateImplicitResponse(
        { access_token: s.accessToken, id_token: id, state: 's1' },
        { state: 's1', nonce: 'n1' },
        { issuer, clientId, getKey: s.getKey },
      ),
    ).rejects.toThrow();
  });
});
