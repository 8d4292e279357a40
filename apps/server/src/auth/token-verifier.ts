import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

import type { AppContext } from '../platform/context.ts';
import { boundedFetch } from '../platform/outbound-http.ts';
import { discovery } from './discovery.ts';
import { loadOrCreateSigningKey } from './signing-keys.ts';
import { accountOf, scopesOf } from './token-claims.ts';

/** jose's default for fetching keys; now the deadline of the whole exchange, body included. */
const JWKS_TIMEOUT_MS = 5_000;

/** Why a token was refused; the plugin maps `expired` to ACCESS_TOKEN_EXPIRED and the rest to ACCESS_TOKEN_INVALID. */
export type TokenFailure = 'expired' | 'malformed' | 'header' | 'signature' | 'claims' | 'unknown_key';

export class TokenRejected extends Error {
  constructor(readonly reason: TokenFailure) {
    super(reason);
  }
}

export interface VerifiedToken {
  sub: string;
  /** The portal account: OIDC_USERNAME_CLAIM when the token carries it, else `sub` (auth/token-claims.ts). */
  account: string;
  scopes: ReadonlySet<string>;
  claims: JWTPayload;
}

export type TokenVerifier = ((token: string) => Promise<VerifiedToken>) & {
  /** The token's verification when it is cached and current, at once (no promise); null otherwise. */
  cached(token: string): VerifiedToken | null;
};

// Asymmetric algorithms only: `none` and HS* (where a public key could be abused as an HMAC secret) are refused.
const ALGORITHMS = ['RS256', 'PS256', 'ES256'];

/** The issuer whose tokens the API accepts: the external IdP when configured, else the embedded one. */
export const issuerOf = (ctx: AppContext): string => ctx.config.oidcIssuer ?? `${ctx.config.publicUrl}/oidc`;

/** Builds the verifier: local JWKS of the persisted signing key, or the external issuer's remote JWKS. */
export async function createTokenVerifier(ctx: AppContext): Promise<TokenVerifier> {
  const issuer = issuerOf(ctx);
  const keys = ctx.config.oidcIssuer ? remoteKeys(ctx.config.oidcIssuer) : await localKeys(ctx);
  const verified = new VerifiedTokenCache(VERIFIED_CACHE_MAX);
  const cached = (token: string) => verified.get(token, Date.now() / 1000);
  return Object.assign(
    async (token: string) => {
      const hit = cached(token);
      if (hit) return hit;
      const result = await verifyUncached(token);
      verified.set(token, result);
      return result;
    },
    { cached },
  );

  async function verifyUncached(token: string): Promise<VerifiedToken> {
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
        issuer,
        audience: ctx.config.oidcClaims.audiences,
        algorithms: ALGORITHMS,
        clockTolerance: 60,
      });
      if (typeof payload.sub !== 'string' || !payload.sub) throw new TokenRejected('claims');
      const sub = payload.sub;
      return {
        sub,
        account: accountOf({ ...payload, sub }, ctx.config.oidcClaims.username),
        scopes: scopesOf(payload),
        claims: payload,
      };
    } catch (e) {
      throw toRejection(e);
    }
  }
}

// Verifying RS256 costs milliseconds per request, and a browser sends the same token many times a minute.
const VERIFIED_CACHE_MAX = 10_000;

/**
 * Tokens that passed verification, keyed by the whole token string (a different signature is a different key),
 * least recently used first. An entry is used only before the token's own `exp` — never past it, and without the
 * clock tolerance the first verification allows — so caching never lengthens a token's life. Tokens without `exp`
 * are not cached. Only the signature and claims are cached: the account (disabled, unknown) is still checked on
 * every request by the user directory.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, VerifiedToken & { exp: number }>();

  constructor(private readonly max: number) {}

  get(token: string, nowSeconds: number): VerifiedToken | null {
    const hit = this.entries.get(token);
    if (!hit) return null;
    this.entries.delete(token);
    if (nowSeconds >= hit.exp) return null;
    this.entries.set(token, hit);
    return hit;
  }

  set(token: string, verified: VerifiedToken): void {
    const exp = verified.claims.exp;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return;
    this.entries.delete(token);
    while (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { ...verified, exp });
  }

  get size(): number {
    return this.entries.size;
  }
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

/**
 * The external IdP's jwks_uri comes from its discovery document, fetched on first use and retried on failure. The
 * keys are fetched through the outbound bounds (size, whole-exchange deadline), not jose's unbounded fetch.
 */
function remoteKeys(issuer: string): JWTVerifyGetKey {
  const doc = discovery(issuer);
  let jwks: { uri: string; get: JWTVerifyGetKey } | null = null;
  return async (header, input) => {
    const { jwks_uri: uri } = await doc();
    if (!uri) throw new Error(`discovery of ${issuer} has no jwks_uri`);
    if (jwks?.uri !== uri) {
      jwks = {
        uri,
        get: createRemoteJWKSet(new URL(uri), {
          [customFetch]: boundedFetch(JWKS_TIMEOUT_MS),
          timeoutDuration: JWKS_TIMEOUT_MS,
        }),
      };
    }
    return jwks.get(header, input);
  };
}
