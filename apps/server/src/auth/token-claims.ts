import type { JWTPayload } from 'jose';

import { SCOPE_ALIASES } from '@service-hall/contracts';

/**
 * A claim by name, or by a dotted path into nested claims (`realm_access.roles`, Keycloak's realm roles). A claim
 * whose own name has dots (`https://hall.example.edu/roles`, Auth0-style) is found by its whole name first.
 */
export function claimAt(claims: JWTPayload, claimPath: string): unknown {
  if (claimPath in claims) return claims[claimPath];
  let value: unknown = claims;
  for (const part of claimPath.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Words of a claim that is a space-separated string or an array of strings (`scope`, `scp`, roles). */
export function wordsOf(value: unknown): string[] {
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === 'string' && v !== '').flatMap((v) => v.split(' '));
  return [];
}

/**
 * The token's scopes: OAuth's `scope` (a string; some IdPs send an array) and Microsoft Entra ID's and Okta's `scp`
 * (a string or an array), together.
 */
export function scopesOf(claims: JWTPayload): Set<string> {
  const scopes = new Set([...wordsOf(claims.scope), ...wordsOf(claims.scp)]);
  // `start` is `submit` under another vendor's name (SCOPE_ALIASES): a token holding either may start a process.
  for (const [alias, scope] of Object.entries(SCOPE_ALIASES)) if (scopes.has(alias)) scopes.add(scope);
  return scopes;
}

/** The longest account name: the sign-in form, token claims and CAS principals are held to it. */
export const ACCOUNT_MAX_LENGTH = 100;
const ACCOUNT = new RegExp(`^[^\\s,]{1,${ACCOUNT_MAX_LENGTH}}$`);

/**
 * The portal account a token speaks for: the OIDC_USERNAME_CLAIM claim (default `preferred_username`) when it holds
 * a usable account name, else `sub` — the embedded IdP's tokens and IdPs whose `sub` is the campus account.
 */
export function accountOf(claims: JWTPayload & { sub: string }, usernameClaim: string): string {
  const named = claimAt(claims, usernameClaim);
  return typeof named === 'string' && ACCOUNT.test(named.trim()) ? named.trim() : claims.sub;
}

const ROLE = /^[\w.:-]{1,64}$/;
const MAX_ROLES = 50;

/** The roles an IdP grants in OIDC_ROLES_CLAIM; null when the token has no such claim (roles are then left alone). */
export function rolesOf(claims: JWTPayload, rolesClaim: string | null): string[] | null {
  if (rolesClaim === null) return null;
  const value = claimAt(claims, rolesClaim);
  if (value === undefined) return null;
  return [...new Set(wordsOf(value).filter((r) => ROLE.test(r)))].sort().slice(0, MAX_ROLES);
}
