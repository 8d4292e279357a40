import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { discovery } from '../auth/discovery.ts';
import type { AppContext } from '../platform/context.ts';
import { IDP_PREFIX } from './provider-options.ts';

/**
 * Where the OAuth endpoints of an API_ALIASES prefix live, as the other vendor's API family has them: beside the
 * API, in place of its `apis/<version>` part (`/infoplus/apis/v2` → `/infoplus/oauth2`); a prefix without an `apis`
 * segment has them beside its last segment (`/hall/api` → `/hall/oauth2`).
 */
export function oauthSiblingOf(prefix: string): string {
  const parts = prefix.split('/').filter(Boolean);
  const at = parts.lastIndexOf('apis');
  const base = at >= 0 ? parts.slice(0, at) : parts.slice(0, -1);
  return `/${[...base, 'oauth2'].join('/')}`;
}

/** The OAuth sibling of every alias prefix, once each. */
export function oauthSiblings(ctx: AppContext): string[] {
  return [...new Set(ctx.config.apiAliases.map(oauthSiblingOf))];
}

// Headers of the provider's token answer a client needs; the rest (its own security headers) are ours to set.
const PASSED_BACK = ['content-type', 'cache-control', 'pragma', 'www-authenticate', 'dpop-nonce'];

/**
 * `{sibling}/authorize` and `{sibling}/token` for clients of the other vendor's API family (docs/integration.md,
 * "Clients of the API family"). They are the IdP's own endpoints under a second name, so tokens carry the same
 * issuer and every rule of the IdP holds (PKCE, scopes, client authentication):
 * - authorize answers 307 to the IdP's authorization endpoint with the same parameters (a browser follows it, a POST
 *   stays a POST), the embedded one's or the external issuer's;
 * - token is served here (clients POST and many do not follow redirects): the form is handed to the embedded IdP's
 *   token endpoint in-process, from the caller's address. A client secret sent as `client_id`/`client_secret` form
 *   fields is moved into HTTP Basic first (RFC 6749 §2.3.1 allows both; the provider accepts only the method a
 *   client registered, and registered clients say `client_secret_basic`). With an external issuer, token answers
 *   307 to its token endpoint.
 */
export async function oauthSiblingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const siblings = oauthSiblings(ctx);
  if (siblings.length === 0) return;
  const external = ctx.config.oidcIssuer ? discovery(ctx.config.oidcIssuer) : null;
  const embeddedBase = `${ctx.config.publicUrl}${IDP_PREFIX}`;

  const query = (request: FastifyRequest) => {
    const at = request.url.indexOf('?');
    return at < 0 ? '' : request.url.slice(at);
  };
  const endpoint = async (name: 'authorization_endpoint' | 'token_endpoint'): Promise<string> => {
    if (!external) return `${embeddedBase}${name === 'token_endpoint' ? '/token' : '/auth'}`;
    const found = (await external())[name];
    if (!found) throw new Error(`the issuer's discovery document has no ${name}`);
    return found;
  };
  const redirect = (name: 'authorization_endpoint' | 'token_endpoint') =>
    async function (request: FastifyRequest, reply: FastifyReply) {
      reply.header('cache-control', 'no-store');
      return reply.redirect(`${await endpoint(name)}${query(request)}`, 307);
    };

  const token = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (external) return redirect('token_endpoint')(request, reply);
    const form = request.body;
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') || !isForm(form)) {
      return reply.code(400).send({
        error: 'invalid_request',
        error_description: 'the token request must be an application/x-www-form-urlencoded form',
      });
    }
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    const secret = params.get('client_secret');
    const id = params.get('client_id');
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    else if (secret !== null && id !== null) {
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
      params.delete('client_secret');
      params.delete('client_id');
    }
    for (const name of ['accept-language', 'dpop']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await app.inject({
      method: 'POST',
      url: `${IDP_PREFIX}/token`,
      headers,
      payload: params.toString(),
      remoteAddress: request.ip,
    });
    reply.code(answer.statusCode);
    for (const name of PASSED_BACK) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.send(answer.rawPayload);
  };

  for (const sibling of siblings) {
    app.get(`${sibling}/authorize`, redirect('authorization_endpoint'));
    app.post(`${sibling}/authorize`, redirect('authorization_endpoint'));
    app.post(`${sibling}/token`, token);
  }
}

function isForm(body: unknown): body is Record<string, string | string[]> {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}
