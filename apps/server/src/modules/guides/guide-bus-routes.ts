import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createGraphQLError, createSchema, createYoga } from 'graphql-yoga';

import { guideBusRoute } from '@service-hall/contracts';

import { limitPlugins } from '../../graphql/task-api-limits.ts';
import { translate } from '../../i18n/catalogue.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { defineRoute } from '../../platform/define-route.ts';
import { requestLocale } from '../../platform/locale.ts';
import { documentationOnly } from '../../platform/schema-compilers.ts';
import { currentUser } from '../apps/current-user.ts';
import { guideTypeDefs } from './guide-schema.ts';
import { queryGuides } from './guides-service.ts';

interface BusContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** POST /bus/graphql: the guide bus (docs/product.md §7), graphql-yoga inside Fastify with the task API's limits. */
export async function guideBusRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const yoga = createYoga<BusContext>({
    graphqlEndpoint: '/bus/graphql',
    graphiql: false,
    landingPage: false,
    logging: false,
    // The task API's limits (size and tokens before parsing, depth, aliases, cost; no introspection or field
    // suggestions in production), with its bounded cache in place of yoga's.
    parserAndValidationCache: false,
    plugins: limitPlugins(ctx.config.production),
    schema: createSchema<BusContext>({
      typeDefs: guideTypeDefs,
      resolvers: {
        Query: {
          guide: async (_root, args: Record<string, unknown>, { req }) => {
            try {
              return await queryGuides(ctx, args, currentUser(req), requestLocale(req));
            } catch (err) {
              if (!(err instanceof AppError)) throw err;
              // Domain errors reach the client with their stable code; anything else is masked by yoga.
              throw createGraphQLError(translate(err.messageKey, requestLocale(req), err.params), {
                extensions: { ecode: err.ecode, details: err.details },
              });
            }
          },
        },
      },
    }),
  });

  // The body schema is documentation: graphql-yoga answers a malformed request in GraphQL's own format.
  documentationOnly.add(guideBusRoute.body);
  app.route(
    defineRoute(guideBusRoute, () => async ({ request: req, reply }) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply as never;
    }).options(ctx),
  );
}
