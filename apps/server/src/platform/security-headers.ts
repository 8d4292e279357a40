import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { AppContext } from './context.ts';

/** The Content-Security-Policy directives; an external issuer is allowed for XHR (discovery, token) and forms. */
export function cspDirectives(ctx: AppContext): Record<string, string[]> {
  const issuerOrigin = ctx.config.oidcIssuer ? [new URL(ctx.config.oidcIssuer).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // antd (CSS-in-JS) injects <style> elements at run time; inline script stays forbidden.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...issuerOrigin],
    'object-src': ["'none'"],
    // index.html carries <base href="BASE_PATH"> so one build works under any base path; 'self' allows exactly that.
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...issuerOrigin],
  };
}

/**
 * The response headers every answer carries, computed once at start-up: what helmet 8 sends with the options we
 * used to pass it (CSP below, Referrer-Policy strict-origin-when-cross-origin, X-Frame-Options DENY, CORP
 * same-site, no COEP, HSTS on https only) plus its fixed defaults. Helmet itself rebuilt the CSP string and walked
 * its middleware chain on every response (a tenth of a bare request's CPU); a frozen list costs one loop.
 */
export function staticSecurityHeaders(ctx: AppContext): ReadonlyArray<readonly [string, string]> {
  const csp = Object.entries(cspDirectives(ctx))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
  const headers: Array<[string, string]> = [
    ['content-security-policy', csp],
    ['cross-origin-opener-policy', 'same-origin'],
    // Cross-origin isolation (COEP) would break an institution embedding our images elsewhere.
    ['cross-origin-resource-policy', 'same-site'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'DENY'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
  // HSTS over plain http would be ignored by browsers and wrong on a developer's localhost.
  if (ctx.config.publicUrl.startsWith('https:')) {
    headers.splice(5, 0, ['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  }
  return Object.freeze(headers.map((h) => Object.freeze(h)));
}

/**
 * The headers a JSON answer of the API carries instead (each removal is justified in
 * docs/adr/0020-hot-api-reads-skip-what-they-do-not-need.md). A JSON answer is never rendered as a page by a browser that
 * honours nosniff, so what protects a document (COOP, Origin-Agent-Cluster, Referrer-Policy, DNS prefetch, frame
 * and download options, the XSS auditor switch, Flash's cross-domain policy) has nothing to protect; what stays
 * is what still applies to a response whatever its type: nosniff, a CSP that lets nothing load or frame it should
 * it be opened as a document anyway, and HSTS on https.
 */
export function jsonApiSecurityHeaders(ctx: AppContext): ReadonlyArray<readonly [string, string]> {
  const headers: Array<[string, string]> = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    // API answers carry personal data: never kept in a shared or browser cache (set here, with the rest, rather
    // than by a hook of the API plugin's own; platform/api-plugin.ts).
    ['cache-control', 'no-store'],
  ];
  if (ctx.config.publicUrl.startsWith('https:'))
    headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return Object.freeze(headers.map((h) => Object.freeze(h)));
}

const headersByServer = new WeakMap<FastifyInstance, ReadonlyArray<readonly [string, string]>>();

/**
 * Sets the security headers on an answer that never passed the onRequest hook: refusals made by the router
 * itself (bad percent-encoding, an over-long parameter; platform/error-handler.ts `frameworkErrors`).
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  for (const [name, value] of headersByServer.get(request.server) ?? []) reply.raw.setHeader(name, value);
}

/**
 * Security headers on every response (404s and errors too) and CORS for configured origins. The sign-in callback
 * page tightens Referrer-Policy to no-referrer itself (platform/spa-routes.ts). No-store and the input guard are
 * the API plugin's (platform/api-plugin.ts).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    const headers = staticSecurityHeaders(ctx);
    const jsonHeaders = jsonApiSecurityHeaders(ctx);
    headersByServer.set(app, headers);
    // Set on the raw response on the request's way in, as helmet did: hijacked replies (the IdP, the event stream)
    // carry them too, and a handler may still tighten one (Referrer-Policy on the sign-in callback page).
    // A callback hook: no promise per request. Routes that answer only JSON (marked by the API plugin) get the
    // shorter list; everything else — pages, static files, the IdP, unknown addresses — the full one.
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of request.routeOptions.config?.jsonApi === true ? jsonHeaders : headers)
        raw.setHeader(name, value);
      done();
    });
    if (ctx.config.corsOrigins.length > 0) {
      await app.register(cors, {
        origin: ctx.config.corsOrigins,
        methods: ['GET', 'POST', 'PUT', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept-Language'],
        maxAge: 600,
      });
    }
  },
  { name: 'security-headers' },
);
