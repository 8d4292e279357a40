import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

import type { AppContext } from './context.ts';

const fromZod = createJsonSchemaTransform({ skipList: [] });

/**
 * OpenAPI 3.1 document of the API at /docs/json and its UI at /docs, generated from the route contracts
 * (packages/contracts/src/routes): parameters, bodies, the success response and every error response with its
 * ecodes. Routes without a contract (the IdP, the SPA, GraphiQL) are hidden. Registered before the routes so the
 * document collects all of them.
 */
export const openApi = fp(
  async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Service Hall API',
          description:
            'Workflow API, task-centre API and GraphQL endpoints of Service Hall. Send `Authorization: ' +
            'Bearer <access token>`. Every answer is an envelope: `{errno: 0, error: "", total?, entities}` (workflow ' +
            'API) or `{code: 0, data}` (task-centre API); errors are `{errno, ecode, error, entities: [], details?}` ' +
            'with the message in the Accept-Language (zh or en). GraphQL schemas (SDL): apps/server/schema.graphql (task API) and apps/server/guide-bus.graphql (guide bus).',
          version: '0.1.0',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: ctx.config.publicUrl }],
        tags: [
          { name: 'workflow', description: 'Processes, tasks, delegations, the directory and notifications' },
          { name: 'task-centre', description: 'The catalogue: apps, favourites, counters, search, page templates' },
          {
            name: 'integration',
            description: 'External systems push their processes, tasks and copies (system tokens)',
          },
          { name: 'graphql', description: 'The task GraphQL API and the guide bus' },
          { name: 'health', description: 'Load-balancer checks' },
          {
            name: 'admin',
            description:
              'The administration console: catalogue, guides, look, people, processes, definitions, systems and their clients, audit log',
          },
        ],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      hideUntagged: true,
      transform: (document) => {
        // Routes without a contract, and the API_ALIASES copies of those with one (documented once, under /api).
        if (!document.route.config?.contract || document.route.config.alias) {
          return { schema: { ...document.schema, hide: true }, url: document.url };
        }
        return fromZod(document);
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  },
  { name: 'openapi' },
);
