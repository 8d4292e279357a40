import fs from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider from 'oidc-provider';
import type { AppContext } from '../platform/context.ts';
import { loadOrCreateSigningKey } from '../auth/signing-keys.ts';
import { pruneOidcStore } from './oidc-adapter.ts';
import { IDP_PREFIX, providerOptions } from './provider-options.ts';
import { interactionRoutes } from './interaction-routes.ts';
import { userinfoRoute } from './userinfo-route.ts';
import { serverRoot } from '../platform/paths.ts';

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
 * Proxies: `provider.proxy = true` makes it trust X-Forwarded-Proto/Host (as Fastify's trustProxy does), so it
 * builds https URLs and sets Secure cookies behind a TLS-terminating load balancer. Run it only behind a proxy
 * that overwrites those headers; exposed directly, a client could spoof them (the issuer itself stays PUBLIC_URL).
 */
export async function embeddedIdp(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  if (ctx.config.oidcIssuer) return;
  const key = await loadOrCreateSigningKey(ctx.db, ctx.now());
  const prune = () => pruneOidcStore(ctx.db, Math.floor(Date.now() / 1000));
  await prune();
  // Expired codes, sessions and interactions are ignored on read; sweep them hourly so the table stays small.
  const sweeper = setInterval(() => void prune().catch((err: unknown) => app.log.warn({ err }, 'oidc prune failed')),
    3600_000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  const provider = new Provider(`${ctx.config.publicUrl}${IDP_PREFIX}`, providerOptions(ctx, key));
  provider.proxy = true;
  if (ctx.config.publicUrl.startsWith('http:')) allowImplicitOverHttp(provider);
  provider.on('server_error', (_koa, err) => app.log.error({ err }, 'oidc provider error'));

  for (const [name, type] of Object.entries(ASSETS)) {
    const body = await fs.readFile(path.join(STATIC_DIR, name));
    app.get(`${IDP_PREFIX}/assets/${name}`, async (_request, reply) =>
      reply.type(type).header('Cache-Control', 'public, max-age=3600').send(body));
  }
  await app.register(interactionRoutes, { ctx, provider });
  await app.register(userinfoRoute, { ctx });

  const callback = provider.callback();
  const handOver = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
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
