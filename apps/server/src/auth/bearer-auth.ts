import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

import { withFamilyMeanings } from '@service-hall/contracts';

import type { MessageKey } from '../i18n/messages.ts';
import { apiRateLimiter } from '../platform/api-rate-limit.ts';
import { AppError } from '../platform/app-error.ts';
import type { AppContext } from '../platform/context.ts';
import { externalMembers } from './external-member.ts';
import { allowedScopes, clientIdOf, type ClientRegistry, type RegisteredClient } from './registered-clients.ts';
import type { RevokedGrants } from './revoked-grants.ts';
import { rolesOf } from './token-claims.ts';
import { createTokenVerifier, TokenRejected, type VerifiedToken } from './token-verifier.ts';
import { withConfiguredAdmin, type KnownUser, type UserDirectory } from './user-directory.ts';

const TOKEN_IN_URL = /[?&]access_token=/i;

type AuthEcode =
  'ACCESS_TOKEN_INVALID' | 'ACCESS_TOKEN_EXPIRED' | 'ACCESS_TOKEN_SCOPE_INVALID' | 'CREDENTIALS_NOT_IN_HEADER';
const BEARER = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/i;
const TOKEN_68 = /^[A-Za-z0-9\-_.~+/]+=*$/;
const FORM = /^application\/x-www-form-urlencoded/i;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when authentication waits for the form body (a token in an `access_token` form field). */
    tokenInForm?: boolean;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** User lookups shared with modules that change users (e.g. to forget a disabled account at once). */
    userDirectory: UserDirectory;
    /** Sign-in grants ended by a logout: their tokens are refused (auth/revoked-grants.ts). */
    revokedGrants: RevokedGrants;
    /** Registered OAuth clients (system and public), looked up by the client id a token carries. */
    clientRegistry: ClientRegistry;
  }
}

type RouteConfig = FastifyRequest['routeOptions']['config'];

/** Logs a refusal as a security event (who, what, from where; pino adds when) and returns the error to throw. */
function refusal(
  request: FastifyRequest,
  ecode: AuthEcode,
  reason: string,
  key: MessageKey = ecode,
  sub: string | null = null,
  params: Record<string, string> = {},
): AppError {
  request.log.warn(
    {
      security: true,
      event: 'auth.refused',
      ecode,
      reason,
      sub,
      ip: request.ip,
      method: request.method,
      path: request.url.split('?')[0],
    },
    'authentication refused',
  );
  return new AppError(ecode, key, params);
}

/**
 * Bearer authentication: verifies the access token, loads `request.user`, checks the route scope, and counts the
 * request against the caller's rate limit (the user's once known, else the address's; platform/api-rate-limit.ts).
 * Registered inside the API plugin (platform/api-plugin.ts), so it applies to exactly the API's routes.
 */
export const bearerAuth = fp(
  async (app: FastifyInstance, { ctx, redis = null }: { ctx: AppContext; redis?: Redis | null }) => {
    const verify = await createTokenVerifier(ctx);
    const countRequest = apiRateLimiter(app.metrics, redis, ctx.config.apiLimitPerMinute);
    // Both are decorated on the root instance (app.ts): the IdP's logout and the event stream use them too.
    const users = app.userDirectory;
    const revoked = app.revokedGrants;
    // An external IdP owns the member list, so its users appear here on their first call (and, with
    // OIDC_ROLES_CLAIM, it owns their roles too).
    const external = ctx.config.oidcIssuer !== null ? externalMembers(ctx.config, app.log) : null;

    // A callback hook over steps that each continue at once when their answer is in memory (a verified token, a known
    // user, the in-memory rate-limit counter) and through a promise only when it is not: the common request — a
    // browser repeating its token — is authenticated without a promise.
    const settle = (pending: () => void | Promise<void>, done: (err?: Error) => void) => {
      let waiting: void | Promise<void>;
      try {
        waiting = pending();
      } catch (e) {
        return done(e as Error);
      }
      if (waiting) waiting.then(() => done(), done);
      else done();
    };
    app.addHook('onRequest', (request, reply, done) => settle(() => authenticate(request, reply), done));
    // A token in a form field is known only once the body is parsed: authentication waits for it (onRequest left it).
    app.addHook('preValidation', (request, reply, done) => {
      if (!request.tokenInForm) return done();
      settle(() => authenticateByForm(request, reply), done);
    });

    function authenticate(request: FastifyRequest, reply: FastifyReply): void | Promise<void> {
      // This hook runs only for the routes of the API plugin (registered in its scope), so every one of them needs a
      // token unless its contract says `public`; unknown routes (404), the IdP and the SPA never reach it.
      // Read once: request.routeOptions builds a new object on every access.
      const config = request.routeOptions.config;
      // Under the API_ALIASES prefixes (and API_ALIAS_TOKEN_IN_QUERY on), the other vendor's clients may send the
      // token as `access_token` in the query or the form (RFC 6750 §2.2, §2.3). Request logs never hold it: URLs are
      // logged without their query string (platform/logger.ts), bodies never, and the parameter is removed before
      // the route sees it.
      const fromQueryOrForm = config?.alias === true && ctx.config.apiAliasTokenInQuery;
      // Elsewhere a token in the URL (it leaks into logs, history and Referer headers) is refused on every API route
      // — with an ecode of its own and 400, since the token itself may be perfectly valid and a client must not be
      // told otherwise.
      if (TOKEN_IN_URL.test(request.url) && !fromQueryOrForm) {
        throw refusal(request, 'CREDENTIALS_NOT_IN_HEADER', 'token_in_url');
      }
      if (config?.public === true) return countRequest(request, reply);
      const header = request.headers.authorization ?? '';
      let raw = BEARER.exec(header)?.[1];
      if (fromQueryOrForm) {
        const inQuery = takeAccessToken(request.query);
        if (!header) raw = inQuery;
      }
      // No header: the token may be in the form (taken under an alias, refused as misplaced elsewhere).
      if (raw === undefined && !header && FORM.test(request.headers['content-type'] ?? '')) {
        request.tokenInForm = true;
        return;
      }
      if (raw === undefined) throw refusal(request, 'ACCESS_TOKEN_INVALID', header ? 'bad_header' : 'missing');
      return authenticateWith(request, reply, config, raw);
    }

    function authenticateByForm(request: FastifyRequest, reply: FastifyReply): void | Promise<void> {
      const config = request.routeOptions.config;
      const sent = hasAccessToken(request.body);
      const raw = takeAccessToken(request.body);
      if (sent && !(config?.alias === true && ctx.config.apiAliasTokenInQuery)) {
        throw refusal(request, 'CREDENTIALS_NOT_IN_HEADER', 'token_in_form');
      }
      if (raw === undefined) throw refusal(request, 'ACCESS_TOKEN_INVALID', 'missing');
      return authenticateWith(request, reply, config, raw);
    }

    function authenticateWith(
      request: FastifyRequest,
      reply: FastifyReply,
      config: RouteConfig,
      raw: string,
    ): void | Promise<void> {
      const token = verify.cached(raw);
      if (token) return withToken(request, reply, config, raw, token);
      return verify(raw).then(
        (verified) => withToken(request, reply, config, raw, verified),
        (e: unknown) => {
          if (!(e instanceof TokenRejected)) throw e;
          throw refusal(request, e.reason === 'expired' ? 'ACCESS_TOKEN_EXPIRED' : 'ACCESS_TOKEN_INVALID', e.reason);
        },
      );
    }

    function withToken(
      request: FastifyRequest,
      reply: FastifyReply,
      config: RouteConfig,
      raw: string,
      token: VerifiedToken,
    ): void | Promise<void> {
      // A registered client's token: a system's (client_credentials) is the system itself; any other is a person's
      // token cut down to the scopes the client is allowed (auth/registered-clients.ts).
      const clientId = clientIdOf(token.claims);
      if (clientId && clientId !== ctx.config.oidcClientId) {
        return app.clientRegistry
          .byId(clientId)
          .then((client) => withClient(request, reply, config, raw, token, clientId, client));
      }
      return withClient(request, reply, config, raw, token, clientId, null);
    }

    function withClient(
      request: FastifyRequest,
      reply: FastifyReply,
      config: RouteConfig,
      raw: string,
      token: VerifiedToken,
      clientId: string | null,
      client: RegisteredClient | null,
    ): void | Promise<void> {
      if (client && !client.enabled)
        throw refusal(request, 'ACCESS_TOKEN_INVALID', 'client_disabled', 'ACCESS_TOKEN_INVALID', clientId);
      if (client?.kind === 'system') {
        if (!client.system?.enabled)
          throw refusal(request, 'ACCESS_TOKEN_INVALID', 'system_disabled', 'ACCESS_TOKEN_INVALID', clientId);
        const scopes = withRouteMeanings(config, allowedScopes(token.scopes, client));
        request.user = {
          id: `system:${client.system.id}`,
          account: client.id,
          name: client.system.name,
          email: '',
          roles: [],
          scopes,
          system: { id: client.system.id, name: client.system.name, clientId: client.id },
        };
        checkScope(request, config, scopes, client.id);
        return countRequest(request, reply);
      }
      // The embedded IdP gives a token whose subject is its own client only under client_credentials: such a token of
      // a client that is no longer a registered system client (deleted, or made one that signs people in) speaks
      // for nobody.
      if (
        !external &&
        clientId &&
        token.sub === clientId &&
        client?.kind !== 'public' &&
        client?.kind !== 'confidential'
      ) {
        throw refusal(request, 'ACCESS_TOKEN_INVALID', 'unknown_client', 'ACCESS_TOKEN_INVALID', clientId);
      }
      const grantId = typeof token.claims.gid === 'string' ? token.claims.gid : undefined;
      if (revoked.isRevoked(grantId))
        throw refusal(request, 'ACCESS_TOKEN_INVALID', 'revoked', 'ACCESS_TOKEN_INVALID', token.account);
      const known = users.cached(token.account, external !== null);
      if (known !== undefined) return withUser(request, reply, config, token, client, grantId, known);
      return users
        .byAccount(token.account, external && (() => external.describe(token.claims, raw)))
        .then((user) => withUser(request, reply, config, token, client, grantId, user));
    }

    function withUser(
      request: FastifyRequest,
      reply: FastifyReply,
      config: RouteConfig,
      token: VerifiedToken,
      client: RegisteredClient | null,
      grantId: string | undefined,
      user: KnownUser | null,
    ): void | Promise<void> {
      if (!user) throw refusal(request, 'ACCESS_TOKEN_INVALID', 'unknown_account', 'ACCOUNT_UNKNOWN', token.account);
      if (user.disabled) throw refusal(request, 'ACCESS_TOKEN_INVALID', 'disabled', 'ACCOUNT_DISABLED', token.account);
      const granted = external ? rolesOf(token.claims, ctx.config.oidcClaims.roles) : null;
      if (granted) {
        return users
          .syncRoles(user, withConfiguredAdmin(ctx, user.account, granted))
          .then((synced) => signedIn(request, reply, config, token, client, grantId, synced));
      }
      return signedIn(request, reply, config, token, client, grantId, user);
    }

    function signedIn(
      request: FastifyRequest,
      reply: FastifyReply,
      config: RouteConfig,
      token: VerifiedToken,
      client: RegisteredClient | null,
      grantId: string | undefined,
      user: KnownUser,
    ): void | Promise<void> {
      const scopes = withRouteMeanings(config, client ? allowedScopes(token.scopes, client) : token.scopes);
      request.user = {
        id: user.id,
        account: user.account,
        name: user.name,
        email: user.email,
        roles: user.roles,
        scopes,
        ...(grantId ? { grantId } : {}),
      };
      checkScope(request, config, scopes, token.account);
      return countRequest(request, reply);
    }

    /**
     * Under the alias prefixes the family's scopes mean what they mean there (FAMILY_SCOPE_MEANINGS), after the cut to
     * the client's registered scopes; under `/api` a token holds exactly what it names.
     */
    function withRouteMeanings(config: RouteConfig, scopes: ReadonlySet<string>): ReadonlySet<string> {
      return config?.alias === true ? withFamilyMeanings(scopes) : scopes;
    }

    function checkScope(request: FastifyRequest, config: RouteConfig, scopes: ReadonlySet<string>, who: string): void {
      const scope = config?.scope;
      if (scope && !scopes.has(scope)) {
        throw refusal(request, 'ACCESS_TOKEN_SCOPE_INVALID', `missing_scope:${scope}`, 'SCOPE_MISSING', who, { scope });
      }
    }
  },
  { name: 'bearer-auth' },
);

const hasAccessToken = (params: unknown): boolean =>
  typeof params === 'object' && params !== null && 'access_token' in params;

/**
 * Takes `access_token` out of a parsed query or form (so no handler, validation message or log sees it) and answers
 * it when it is one well-formed token; a repeated or malformed one answers undefined (refused as missing).
 */
function takeAccessToken(params: unknown): string | undefined {
  if (!hasAccessToken(params)) return undefined;
  const bag = params as Record<string, unknown>;
  const value = bag.access_token;
  delete bag.access_token;
  return typeof value === 'string' && TOKEN_68.test(value) ? value : undefined;
}
