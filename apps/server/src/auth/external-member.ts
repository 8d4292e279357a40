import type { FastifyBaseLogger } from 'fastify';
import type { JWTPayload } from 'jose';

import type { Config } from '../config.ts';
import { outboundRequest } from '../platform/outbound-http.ts';
import { discovery } from './discovery.ts';
import { claimAt, rolesOf } from './token-claims.ts';
import type { NewMember } from './user-directory.ts';

const USERINFO_TIMEOUT_MS = 5_000;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * What an external IdP says about a member seen for the first time: its userinfo endpoint (called with the member's
 * own access token: name, e-mail, department are usually there and rarely in access tokens), falling back to the
 * access token's claims when userinfo is missing or refuses the token (Entra ID's userinfo takes Graph tokens only).
 */
export function externalMembers(config: Config, log: FastifyBaseLogger) {
  const issuer = config.oidcIssuer!;
  const doc = discovery(issuer);
  const { department, roles } = config.oidcClaims;

  async function userinfo(accessToken: string): Promise<JWTPayload> {
    try {
      const endpoint = (await doc()).userinfo_endpoint;
      if (!endpoint) return {};
      const res = await outboundRequest(endpoint, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        timeoutMs: USERINFO_TIMEOUT_MS,
      });
      if (!res.ok) {
        log.warn(
          { event: 'userinfo.refused', status: res.status },
          'userinfo refused the access token; using its claims',
        );
        return {};
      }
      // A signed userinfo response (application/jwt) is not parsed: its claims are in the token as well.
      if (!/json/.test(res.headers.get('content-type') ?? '')) return {};
      const info: unknown = JSON.parse(res.body.toString('utf8'));
      return info !== null && typeof info === 'object' && !Array.isArray(info) ? (info as JWTPayload) : {};
    } catch (err) {
      log.warn({ err, event: 'userinfo.failed' }, 'userinfo unavailable; using the access token claims');
      return {};
    }
  }

  return {
    /** The member an access token speaks for, for provisioning. */
    async describe(claims: JWTPayload, accessToken: string): Promise<NewMember> {
      const info = await userinfo(accessToken);
      const pick = (name: string) => text(claimAt(info, name)) ?? text(claimAt(claims, name));
      return {
        name: pick('name') ?? pick('preferred_username'),
        email: pick('email'),
        department: pick(department),
        roles: rolesOf(claims, roles) ?? rolesOf(info, roles) ?? [],
      };
    },
  };
}
