import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';

/** Groups operations in the OpenAPI document by the API they belong to. */
function tagFor(url: string): string {
  if (url.startsWith('/manage') || url.startsWith('/api/apps') || url.startsWith('/api/app/')) return 'task-centre';
  if (url.startsWith('/graphql') || url.startsWith('/bus')) return 'graphql';
  if (url.startsWith('/oidc')) return 'identity';
  return 'workflow';
}

/**
 * OpenAPI document of every route at /docs/json and its UI at /docs. Registered before the routes so the
 * document collects all of them; the IdP's and the SPA's own routes are hidden.
 */
export const openApi = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Service Hall API',
        description: 'Workflow API, task-centre API and GraphQL endpoints of Service Hall. Send `Authorization: Bearer <access token>`.',
        version: '0.1.0',
      },
      servers: [{ url: ctx.config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    hideUntagged: false,
    transform: ({ schema, url, route }) => {
      const hidden = !/^\/(api|manage|graphql|bus|healthz|readyz)/.test(url);
      const scope = route.config?.scope;
      return {
        schema: { ...schema, hide: hidden, tags: [tagFor(url)], ...(scope ? { description: `Scope: ${scope}` } : {}) },
        url,
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
}, { name: 'openapi' });
