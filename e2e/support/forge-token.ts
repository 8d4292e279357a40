import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/** at_hash per OIDC Core 3.2.2.9 for RS256: base64url of the left half of the SHA-256 of the access token. */
export function atHashOf(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
}

/**
 * An ID token with the claims and header of `genuine` (the IdP's own), `changes` applied, signed with a fresh RSA
 * key the IdP has never seen. With `kid: 'same'` the header keeps the IdP's key id, so the portal finds the IdP's
 * key and must reject the signature; otherwise it names a key id the IdP's JWKS does not have.
 */
export async function forgeIdToken(
  genuine: string,
  changes: JWTPayload = {},
  kid: 'same' | 'foreign' = 'same',
): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  const header = decodeProtectedHeader(genuine);
  return new SignJWT({ ...decodeJwt(genuine), ...changes })
    .setProtectedHeader({ alg: 'RS256', typ: header.typ ?? 'JWT', kid: kid === 'same' ? header.kid : 'attacker-key' })
    .sign(privateKey);
}

/** A made-up ID token for a portal that has never seen one: our issuer and client, signed with a fresh key. */
export async function madeUpIdToken(claims: JWTPayload): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'attacker-key' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
}

/** The claims of a token, without checking it. */
export const claimsOf = (token: string): JWTPayload => decodeJwt(token);
