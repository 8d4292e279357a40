import { createHmac } from 'node:crypto';
import { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

import { SCOPES } from '@service-hall/contracts';

import type { SigningKey } from '../auth/signing-keys.ts';
import type { Locale } from '../i18n/messages.ts';
import type { AppContext } from '../platform/context.ts';
import { errorPage, signedOutPage, signOutPage } from './idp-pages.ts';
import { kyselyAdapter } from './oidc-adapter.ts';
import { registeredClientsAdapter } from './registered-clients-adapter.ts';

export const IDP_PREFIX = '/oidc';
export const ACCESS_TOKEN_TTL = 15 * 60;
const DAY = 24 * 3600;

/** The portal's redirect URIs: publicUrl plus its localhost/127.0.0.1 twin (e2e may open either). */
export function portalUris(ctx: AppContext): { redirect: string[]; postLogout: string[] } {
  const base = `${ctx.config.publicUrl}${ctx.config.basePath}`;
  const twins = [base];
  const url = new URL(base);
  if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') {
    url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    twins.push(url.toString());
  }
  return { redirect: twins.map((b) => `${b}workflow/oidcCallback`), postLogout: twins };
}

/** Every scope the IdP knows: ours, the API family's, and OpenID Connect's. */
export const KNOWN_SCOPES: ReadonlySet<string> = new Set([...SCOPES, 'offline_access', 'email']);

/**
 * An authorization or token request asking for a scope nobody here knows is refused with `invalid_scope` (RFC 6749
 * §4.1.2.1, §5.2), as docs/integration.md says: oidc-provider would drop the word and issue a token that then fails
 * with 403 on every call, which a client cannot tell from a missing grant. Called where the provider resolves the
 * token's resource (every endpoint that takes `scope`), with the request's parameters parsed.
 */
function refuseUnknownScopes(koa: KoaContextWithOIDC): void {
  const asked = koa.oidc.params?.scope;
  if (typeof asked !== 'string') return;
  const unknown = asked.split(' ').filter((s) => s !== '' && !KNOWN_SCOPES.has(s));
  if (unknown.length > 0) throw new errors.InvalidScope('requested scope is not known', unknown.join(' '));
}

/**
 * PKCE is required of every client, except a registered confidential client whose `allow_no_pkce` a system
 * administrator switched on (tools of the other vendor's API family that cannot send it; docs/adr/0054). A public
 * client never skips it: it has no secret, so PKCE is all that binds the code to whoever asked for it.
 */
function pkceRequired(_koa: KoaContextWithOIDC, client: { clientAuthMethod: string; metadata(): object }): boolean {
  if (client.clientAuthMethod === 'none') return true;
  return (client.metadata() as { allow_no_pkce?: unknown }).allow_no_pkce !== true;
}

const realNow = () => Math.floor(Date.now() / 1000);

/** The locale of an IdP page: ?lang=, then Accept-Language, Chinese by default. */
export function idpLocale(lang: unknown, acceptLanguage: string | undefined): Locale {
  if (lang === 'en' || lang === 'zh') return lang;
  return (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}
const koaLocale = (ctx: KoaContextWithOIDC) => idpLocale(ctx.query.lang, ctx.get('accept-language'));

/** oidc-provider configuration of the embedded IdP (docs/product.md §12). */
export function providerOptions(ctx: AppContext, key: SigningKey): Configuration {
  const { config } = ctx;
  const uris = portalUris(ctx);
  const portal = `${config.publicUrl}${config.basePath}`;
  // API scopes (everything but the OIDC protocol scopes) are granted on the API resource and end up in the token.
  const apiScopes = SCOPES.filter((s) => s !== 'openid').join(' ');
  // Cookie keys derive from the persisted private key: stable across restarts and instances, never stored twice.
  const cookieKey = createHmac('sha256', String(key.privateJwk.d)).update('oidc-cookie-keys').digest('base64url');

  const Stored = kyselyAdapter(ctx.db, realNow);
  return {
    // Registered clients come from oauth_clients; everything else the provider stores goes to oidc_store. A plain
    // function (not a class): oidc-provider calls it with the model's name.
    adapter: ((model: string) => (model === 'Client' ? registeredClientsAdapter(ctx.db) : new Stored(model))) as never,
    jwks: { keys: [{ ...key.privateJwk, kid: key.kid, alg: 'RS256', use: 'sig' }] as never },
    cookies: { keys: [cookieKey] },
    clients: [
      {
        client_id: config.oidcClientId,
        client_name: 'Service Hall',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: uris.redirect,
        post_logout_redirect_uris: uris.postLogout,
        grant_types: ['authorization_code', 'implicit', 'refresh_token'],
        response_types: ['code', 'id_token token'],
      },
    ],
    responseTypes: ['code', 'id_token token'],
    pkce: { required: pkceRequired as never },
    // Set only by the registered-clients adapter from oauth_clients.allow_no_pkce (never by a client itself).
    extraClientMetadata: {
      properties: ['allow_no_pkce'],
      validator: (_koa, key, value) => {
        if (key === 'allow_no_pkce' && value !== undefined && typeof value !== 'boolean') {
          throw new errors.InvalidClientMetadata('allow_no_pkce must be a boolean');
        }
      },
    },
    scopes: [...KNOWN_SCOPES],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'email'], email: ['email'] },
    // Name and e-mail in the ID token of the code flow too: the portal greets the user before calling the API.
    conformIdTokenClaims: false,
    findAccount: async (_koa, sub) => {
      const user = await ctx.db
        .selectFrom('users')
        .select(['account', 'name', 'email', 'disabled'])
        .where('account', '=', sub)
        .executeTakeFirst();
      if (!user || user.disabled === 1) return undefined;
      return {
        accountId: user.account,
        claims: () => ({ sub: user.account, name: user.name, email: user.email, preferred_username: user.account }),
      };
    },
    // Refresh tokens (rotated on use) let the portal stay signed in across reloads without offline_access consent.
    // Registered command-line clients may hold them too (their metadata allows the grant).
    issueRefreshToken: async (_koa, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      ClientCredentials: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      RefreshToken: 14 * DAY,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
    interactions: { url: (_koa, interaction) => `${IDP_PREFIX}/interaction/${interaction.uid}` },
    // The grant id rides in the access token, so a logout (which revokes the grant) can end the token's access on
    // every instance (auth/revoked-grants.ts).
    extraTokenClaims: (_koa, token) =>
      'grantId' in token && typeof token.grantId === 'string' ? { gid: token.grantId } : undefined,
    features: {
      devInteractions: { enabled: false },
      // Registered system clients (idp/registered-clients-adapter.ts) get tokens with their id and secret.
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: (koa) => {
          refuseUnknownScopes(koa);
          return config.apiAudience;
        },
        useGrantedResource: () => true,
        getResourceServerInfo: (koa, indicator) => {
          refuseUnknownScopes(koa);
          if (indicator !== config.apiAudience) throw new errors.InvalidTarget();
          return {
            scope: apiScopes,
            audience: config.apiAudience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (koa, form) => {
          koa.type = 'html';
          koa.body = signOutPage(koaLocale(koa), form, Boolean(koa.oidc.params?.id_token_hint));
        },
        postLogoutSuccessSource: (koa) => {
          koa.type = 'html';
          koa.body = signedOutPage(koaLocale(koa), portal);
        },
      },
    },
    renderError: (koa, out) => {
      koa.type = 'html';
      koa.body = errorPage(koaLocale(koa), out.error, out.error_description, portal);
    },
  };
}
