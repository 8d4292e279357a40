import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import Provider from 'oidc-provider';

import { loadOrCreateSigningKey } from '../auth/signing-keys.ts';
import { AppError } from '../platform/app-error.ts';
import type { AppContext } from '../platform/context.ts';
import { envelopeOf, isDatabaseUnreachable, isStorageFailure } from '../platform/error-handler.ts';
import { serverRoot } from '../platform/paths.ts';
import { rateLimits } from '../platform/rate-limit.ts';
import { storageUnavailablePage } from './idp-pages.ts';
import { interactionRoutes } from './interaction-routes.ts';
import { pruneOidcStore } from './oidc-adapter.ts';
import { IDP_PREFIX, idpLocale, providerOptions } from './provider-options.ts';
import { compareHashedClientSecrets } from './registered-clients-adapter.ts';
import { userinfoRoute } from './userinfo-route.ts';

const STATIC_DIR = path.join(serverRoot, 'static', 'idp');
const ASSETS: Record<string, string> = {
  'sign-in.css': 'text/css; charset=utf-8',
  'sign-out.js': 'text/javascript; charset=utf-8',
};

/**
 * The embedded OpenID Connect provider at /oidc (only when OIDC_ISSUER is not set). oidc-provider is a Koa app:
 * its routes are handed the raw Node request with the /oidc prefix moved to `originalUrl`, which is how it
 * learns its mount path.
 *
 * Host and scheme: oidc-provider builds endpoint URLs (discovery, the logout form's action) from the request.
 * A client must not choose them (`Host: evil.example` used to publish `https://evil.example/oidc/auth`), so every request handed over carries PUBLIC_URL's host and scheme, whatever Host or X-Forwarded-*
 * it came with; `provider.proxy = true` then makes it read that scheme (https behind a TLS-terminating proxy,
 * Secure cookies). The client address it sees is the one Fastify derived under TRUST_PROXY.
 */
export async function embeddedIdp(
  app: FastifyInstance,
  { ctx, redis }: { ctx: AppContext; redis?: Redis | null },
): Promise<void> {
  if (ctx.config.oidcIssuer) return;
  // The IdP's pages and endpoints are limited per address, in this plugin's scope (the API has its own limit).
  await app.register(rateLimits, { ctx, redis });
  const key = await loadOrCreateSigningKey(ctx.db, ctx.now());
  const prune = () => pruneOidcStore(ctx.db, Math.floor(Date.now() / 1000));
  await prune();
  // Expired codes, sessions and interactions are ignored on read; sweep them hourly so the table stays small.
  const sweeper = setInterval(
    () => void prune().catch((err: unknown) => app.log.warn({ err }, 'oidc prune failed')),
    3600_000,
  );
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  const provider = new Provider(`${ctx.config.publicUrl}${IDP_PREFIX}`, providerOptions(ctx, key));
  provider.proxy = true;
  compareHashedClientSecrets(provider);
  if (ctx.config.publicUrl.startsWith('http:')) allowImplicitOverHttp(provider);
  // Discovery names this deployment's endpoints; no shared cache should keep a copy.
  provider.use(async (koa, next) => {
    await next();
    if (koa.path === '/.well-known/openid-configuration') koa.set('Cache-Control', 'no-store');
  });
  // A logout (end_session) or revocation revokes the sign-in grant: its access tokens stop working everywhere.
  provider.on('grant.revoked', (_koa, grantId: string) => {
    void app.revokedGrants
      .revoke(grantId, Math.floor(Date.now() / 1000))
      .catch((err: unknown) => app.log.error({ err }, 'recording a revoked grant failed'));
  });
  provider.on('server_error', (koa, err) => {
    if (isStorageFailure(err)) {
      app.log.error({ err }, 'database storage failure');
      app.storageHealth.fail();
    } else if (isDatabaseUnreachable(err)) {
      // /readyz fails by itself while the database does not answer (its ping), and passes once it does.
      app.log.error({ err }, 'database unreachable');
    } else {
      return void app.log.error({ err }, 'oidc provider error');
    }
    // Marked for the middleware below, which turns the provider's 500 into a 503 saying what is wrong.
    koa.state.storageFailed = true;
  });
  // The provider renders any error of its store (a session, a code, a grant it could not save or read) as a 500
  // `server_error`; a full disk or an unreachable database is a wait, not a fault: 503 with a page (or the API's
  // envelope) saying so.
  provider.use(async (koa, next) => {
    await next();
    if (!koa.state.storageFailed) return;
    const locale = idpLocale(koa.query.lang, koa.get('accept-language'));
    koa.status = 503;
    koa.set('Retry-After', '60');
    if (koa.accepts('json', 'html') === 'html') {
      koa.type = 'html';
      koa.body = storageUnavailablePage(locale, `${ctx.config.publicUrl}${ctx.config.basePath}`);
    } else {
      koa.type = 'application/json; charset=utf-8';
      koa.body = envelopeOf(new AppError('STORAGE_UNAVAILABLE'), locale);
    }
  });
  // A path under /oidc that is none of the provider's endpoints gets our JSON 404 envelope, like any other unknown
  // server path, instead of Koa's plain-text "Not Found".
  provider.use(async (koa, next) => {
    await next();
    if (koa.status !== 404 || koa.body != null) return;
    const locale = idpLocale(koa.query.lang, koa.get('accept-language'));
    koa.status = 404;
    koa.type = 'application/json; charset=utf-8';
    koa.body = envelopeOf(new AppError('NOT_FOUND', 'ROUTE_NOT_FOUND'), locale);
  });

  for (const [name, type] of Object.entries(ASSETS)) {
    const body = await fs.readFile(path.join(STATIC_DIR, name));
    app.get(`${IDP_PREFIX}/assets/${name}`, async (_request, reply) =>
      reply.type(type).header('Cache-Control', 'public, max-age=3600').send(body),
    );
  }
  await app.register(interactionRoutes, { ctx, provider });
  await app.register(userinfoRoute, { ctx });

  const callback = provider.callback();
  const publicUrl = new URL(ctx.config.publicUrl);
  const handOver = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.headers.host = publicUrl.host;
    raw.headers['x-forwarded-host'] = publicUrl.host;
    raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    raw.headers['x-forwarded-for'] = request.ip;
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(IDP_PREFIX.length) || '/';
    void callback(raw, reply.raw);
  };
  await app.register(async (scope) => {
    // oidc-provider reads request bodies itself: leave the stream untouched here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${IDP_PREFIX}/*`, handOver);
  });
}

/**
 * The spec's implicit flow on a developer's http://localhost: oidc-provider refuses implicit clients without https
 * by default (the documented recipe to relax it for development is this override). Only applied for http PUBLIC_URL.
 */
function allowImplicitOverHttp(provider: Provider): void {
  const schema = (provider.Client as unknown as { Schema: { prototype: { invalidate(m: string, c?: string): void } } })
    .Schema.prototype;
  const original = schema.invalidate;
  schema.invalidate = function (message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    original.call(this, message, code);
  };
}
