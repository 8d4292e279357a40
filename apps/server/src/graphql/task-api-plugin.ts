import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';

import { taskGraphqlRoute } from '@service-hall/contracts';

import type { AppContext } from '../platform/context.ts';
import { defineRoute } from '../platform/define-route.ts';
import { requestLocale } from '../platform/locale.ts';
import { documentationOnly } from '../platform/schema-compilers.ts';
import { limitPlugins } from './task-api-limits.ts';
import { createLoaders } from './task-api-loaders.ts';
import type { TaskApiContext } from './task-api-resolvers.ts';
import { buildTaskApiSchema } from './task-api-schema-build.ts';

/**
 * The task API (docs/product.md §7): graphql-yoga inside Fastify, mounted like the guide bus. POST /graphql runs
 * queries behind the bearer plugin (a token is required; each query checks its own scope, as the REST route
 * would). GET only serves GraphiQL outside production; queries over GET are refused (no CSRF-able reads, no
 * tokens or queries in URLs and logs).
 */
export async function taskApiPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const production = ctx.config.production;
  const yoga = createYoga<TaskApiContext>({
    graphqlEndpoint: '/graphql',
    schema: buildTaskApiSchema(ctx),
    graphiql: !production,
    landingPage: false,
    logging: false,
    // One operation per request: a JSON array of operations would multiply every limit below.
    batching: false,
    // Yoga's own cache keeps refused and huge documents; documentLimits (in limitPlugins) replaces it.
    parserAndValidationCache: false,
    // Errors that are not GraphQLErrors (a bug, a driver failure) become "Unexpected error." with no stack or
    // message, in every environment; resolvers log them first (task-api-errors.ts).
    maskedErrors: { isDev: false },
    plugins: limitPlugins(production),
  });

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const loaders = req.user ? createLoaders(ctx.db, req.user, requestLocale(req), ctx.now()) : null;
    const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply, loaders });
    response.headers.forEach((value, key) => void reply.header(key, value));
    reply.status(response.status);
    reply.send(response.body);
    return reply;
  };

  // The body schema is documentation: graphql-yoga answers a malformed request in GraphQL's own format.
  documentationOnly.add(taskGraphqlRoute.body);
  app.route(
    defineRoute(
      taskGraphqlRoute,
      () =>
        async ({ request, reply }) =>
          (await handle(request, reply)) as never,
    ).options(ctx),
  );

  app.get('/graphql', { config: { public: true, html: true }, schema: { hide: true } }, async (req, reply) => {
    const wantsPage = (req.headers.accept ?? '').includes('text/html') && Object.keys(req.query as object).length === 0;
    if (production || !wantsPage) {
      return reply
        .code(405)
        .header('allow', 'POST')
        .send({
          errors: [{ message: 'Use POST for GraphQL queries', extensions: { code: 'METHOD_NOT_ALLOWED' } }],
        });
    }
    return handle(req, reply);
  });
}
