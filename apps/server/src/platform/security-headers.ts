import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Origins the browser may talk to besides our own: an institution's IdP and extra SPA origins (CORS_ORIGINS). */
function trustedOrigins(config: Config): string[] {
  const idp = config.oidcIssuer ? [new URL(config.oidcIssuer).origin] : [];
  return [...new Set([...idp, ...config.corsOrigins])];
}

/** The Content-Security-Policy of every page we serve (the SPA, the sign-in pages). */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const others = trustedOrigins(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // antd's CSS-in-JS writes <style> elements at run time; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // App icons and enterprise images may live on the institution's web servers.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...others],
    // oidc-client-ts renews silently in a hidden iframe pointed at the IdP.
    frameSrc: ["'self'", ...others],
    frameAncestors: ["'none'"],
    // The sign-in form redirects on to the SPA callback, which may be on a CORS_ORIGINS origin in development.
    formAction: ["'self'", ...others],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
  };
}

/**
 * Security headers on every response (helmet), CORS for the configured extra origins, and no caching of API
 * answers, which hold personal data.
 */
export const securityHeaders = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Tokens travel in URL fragments during the implicit flow and codes in query strings: never leak them.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Icons from other origins must load without CORP headers on their side.
    crossOriginEmbedderPolicy: false,
  });

  if (config.corsOrigins.length) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept-Language'],
      maxAge: 600,
    });
  }

  app.addHook('onSend', async (request, reply) => {
    const path = request.url;
    const isApi = path.startsWith('/api/') || path.startsWith('/manage/') || path.startsWith('/graphql')
      || path.startsWith('/bus/');
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}, { name: 'security-headers' });
