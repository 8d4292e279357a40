import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { AppContext } from './context.ts';
import { installInputGuard } from './input-guard.ts';

// API responses carry personal data: never keep them in a shared or browser cache.
const NO_STORE = /^\/(api|manage|graphql|bus)(\/|$|\?)/;

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
 * Helmet (CSP, nosniff, Referrer-Policy, HSTS on https only), no-store on the APIs, and CORS for configured
 * origins. The sign-in callback page tightens Referrer-Policy to no-referrer itself (platform/spa-routes.ts).
 * Also refuses prototype-poisoning keys in API requests (platform/input-guard.ts).
 */
export const securityHeaders = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  const https = ctx.config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(ctx) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS over plain http would be ignored by browsers and wrong on a developer's localhost.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    // Cross-origin isolation would break an institution embedding our images elsewhere.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  if (ctx.config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: ctx.config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept-Language'],
      maxAge: 600,
    });
  }
  app.addHook('onSend', async (request, reply) => {
    if (NO_STORE.test(request.url)) reply.header('Cache-Control', 'no-store');
  });
  // Request hardening sits with the response hardening: one plugin app.ts registers before every route.
  installInputGuard(app);
}, { name: 'security-headers' });
