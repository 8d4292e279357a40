import { base64url, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export interface ImplicitPending {
  state: string;
  nonce: string;
}

export interface ImplicitUser {
  accessToken: string;
  idToken: string;
  /** Seconds since epoch. */
  expiresAt: number;
  claims: JWTPayload;
}

/** Parses an authorize response fragment ("#access_token=…&id_token=…&state=…"). */
export function parseFragment(hash: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(hash.replace(/^#/, '')));
}

const HASHES: Record<string, string> = { '256': 'SHA-256', '384': 'SHA-384', '512': 'SHA-512' };

/** at_hash per OIDC Core 3.2.2.9: base64url of the left half of the hash of the access token. */
export async function atHash(accessToken: string, alg: string): Promise<string> {
  const bits = /(\d{3})$/.exec(alg)?.[1] ?? '256';
  const digest = new Uint8Array(
    await crypto.subtle.digest(HASHES[bits] ?? 'SHA-256', new TextEncoder().encode(accessToken)),
  );
  return base64url.encode(digest.slice(0, digest.length / 2));
}

/**
 * Checks an implicit-flow response: the state we sent (one use), the id_token signature from the IdP's keys,
 * iss/aud/exp, our nonce and the access token's at_hash. Throws on the first problem.
 */
export async function validateImplicitResponse(
  params: Record<string, string>,
  pending: ImplicitPending | null,
  opts: { issuer: string; clientId: string; getKey: JWTVerifyGetKey; now?: number },
): Promise<ImplicitUser> {
  if (params.error) throw new Error(`${params.error}: ${params.error_description ?? ''}`.trim());
  if (!pending) throw new Error('no sign-in in progress');
  if (!params.state || params.state !== pending.state) throw new Error('state mismatch');
  const { access_token: accessToken, id_token: idToken } = params;
  if (!accessToken || !idToken) throw new Error('missing tokens');
  const { payload, protectedHeader } = await jwtVerify(idToken, opts.getKey, {
    issuer: opts.issuer,
    audience: opts.clientId,
    currentDate: opts.now ? new Date(opts.now * 1000) : undefined,
  });
  if (payload.nonce !== pending.nonce) throw new Error('nonce mismatch');
  if (!payload.at_hash) throw new Error('at_hash missing');
  if (payload.at_hash !== (await atHash(accessToken, protectedHeader.alg))) throw new Error('at_hash mismatch');
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const expiresIn = Number(params.expires_in) || 3600;
  return { accessToken, idToken, expiresAt: now + expiresIn, claims: payload };
}

/** Random URL-safe string for state and nonce. */
export function randomToken(bytes = 24): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(bytes)));
}
