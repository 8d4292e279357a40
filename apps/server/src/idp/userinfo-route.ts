import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { createTokenVerifier, TokenRejected } from '../auth/token-verifier.ts';
import type { AppContext } from '../platform/context.ts';
import { IDP_PREFIX } from './provider-options.ts';

/**
 * The userinfo endpoint (/oidc/me) for our JWT access tokens. oidc-provider's own userinfo only accepts tokens it
 * stored, and ours are self-contained JWTs for the API audience, so we answer it here from the users table.
 * Needs the `profile` scope; errors follow RFC 6750 (WWW-Authenticate), not our envelope, as OIDC clients expect.
 */
export async function userinfoRoute(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const verify = await createTokenVerifier(ctx);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
    const refuse = (status: number, error: string) =>
      reply.code(status).header('WWW-Authenticate', `Bearer error="${error}"`).send({ error });
    if (!match) return refuse(401, 'invalid_token');
    let token;
    try {
      token = await verify(match[1]!);
    } catch (e) {
      if (e instanceof TokenRejected) return refuse(401, 'invalid_token');
      throw e;
    }
    if (!token.scopes.has('profile')) return refuse(403, 'insufficient_scope');
    const user = await ctx.db
      .selectFrom('users')
      .select(['account', 'name', 'email', 'disabled'])
      .where('account', '=', token.sub)
      .executeTakeFirst();
    if (!user || user.disabled === 1) return refuse(401, 'invalid_token');
    return { sub: user.account, name: user.name, email: user.email, preferred_username: user.account };
  };
  app.get(`${IDP_PREFIX}/me`, handler);
  app.post(`${IDP_PREFIX}/me`, handler);
}
