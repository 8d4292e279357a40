import {
  createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify,
  type JWTPayload, type JWTVerifyGetKey,
} from 'jose';
import type { AppContext } from '../platform/context.ts';
import { loadOrCreateSigningKey } from './signing-keys.ts';

/** Why a token was refused; the plugin maps `expired` to ACCESS_TOKEN_EXPIRED and the rest to ACCESS_TOKEN_INVALID. */
export type TokenFailure = 'expired' | 'malformed' | 'header' | 'signature' | 'claims' | 'unknown_key';

export class TokenRejected extends Error {
  constructor(readonly reason: TokenFailure) {
    super(reason);
  }
}

export interface VerifiedToken {
  sub: string;
  scopes: ReadonlySet<string>;
  claims: JWTPayload;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

// Asymmetric algorithms only: `none` and HS* (where a public key could be abused as an HMAC secret) are refused.
const ALGORITHMS = ['RS256', 'PS256', 'ES256'];

/** The issuer whose tokens the API accepts: the external IdP when configured, else the embedded one. */
export const issuerOf = (ctx: AppContext): string => ctx.config.oidcIssuer ?? `${ctx.config.publicUrl}/oidc`;

/** Builds the verifier: local JWKS of the persisted signing key, or the external issuer's remote JWKS. */
export async function createTokenVerifier(ctx: AppContext): Promise<TokenVerifier> {
  const issuer = issuerOf(ctx);
  const keys = ctx.config.oidcIssuer ? remoteKeys(ctx.config.oidcIssuer) : await localKeys(ctx);
  return async (token) => {
    let header;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new TokenRejected('malformed');
    }
    // Keys named inside the token itself would let the sender choose the key that verifies it.
    if ('jku' in header || 'jwk' in header || 'x5u' in header || 'x5c' in header) throw new TokenRejected('header');
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer, audience: ctx.config.apiAudience, algorithms: ALGORITHMS, clockTolerance: 60,
      });
      if (typeof payload.sub !== 'string' || !payload.sub) throw new TokenRejected('claims');
      const scope = typeof payload.scope === 'string' ? payload.scope : '';
      return { sub: payload.sub, scopes: new Set(scope.split(' ').filter(Boolean)), claims: payload };
    } catch (e) {
      throw toRejection(e);
    }
  };
}

function toRejection(e: unknown): TokenRejected {
  if (e instanceof TokenRejected) return e;
  if (e instanceof errors.JWTExpired) return new TokenRejected('expired');
  if (e instanceof errors.JWKSNoMatchingKey) return new TokenRejected('unknown_key');
  if (e instanceof errors.JWSSignatureVerificationFailed) return new TokenRejected('signature');
  if (e instanceof errors.JWTClaimValidationFailed) return new TokenRejected('claims');
  return new TokenRejected('malformed');
}

async function localKeys(ctx: AppContext): Promise<JWTVerifyGetKey> {
  const key = await loadOrCreateSigningKey(ctx.db, ctx.now());
  return createLocalJWKSet({ keys: [{ ...key.publicJwk, kid: key.kid }] });
}

/** The external IdP's jwks_uri comes from its discovery document, fetched on first use and retried on failure. */
function remoteKeys(issuer: string): JWTVerifyGetKey {
  let jwks: Promise<JWTVerifyGetKey> | null = null;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!res.ok) throw new Error(`discovery of ${issuer} failed: HTTP ${res.status}`);
    const doc = (await res.json()) as { jwks_uri?: string };
    if (!doc.jwks_uri) throw new Error(`discovery of ${issuer} has no jwks_uri`);
    return createRemoteJWKSet(new URL(doc.jwks_uri));
  };
  return async (header, input) => {
    jwks ??= discover().catch((e: unknown) => { jwks = null; throw e; });
    return (await jwks)(header, input);
  };
}
