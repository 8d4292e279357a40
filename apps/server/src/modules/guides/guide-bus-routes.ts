import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequire } from 'node:module';
import { createGraphQLError, createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import { requestLocale } from '../../platform/locale.ts';
import { currentUser } from '../apps/current-user.ts';
import { guideTypeDefs } from './guide-schema.ts';
import { queryGuides } from './guides-service.ts';

// graphql 16 ships CJS (main) and ESM (module) builds; Node loads yoga's copy from `main`, while a bundler or test
// runner may hand this file the ESM one, and graphql refuses to mix the two. Load the rule from yoga's copy.
const { NoSchemaIntrospectionCustomRule } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

interface BusContext { req: FastifyRequest; reply: FastifyReply }

/** Introspection is a map for attackers; production turns it off. */
const noIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
};

/** POST /bus/graphql: the guide bus (spec §7 item 4), graphql-yoga inside Fastify with depth and alias limits. */
export async function guideBusRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const yoga = createYoga<BusContext>({
    graphqlEndpoint: '/bus/graphql',
    graphiql: false,
    landingPage: false,
    logging: false,
    plugins: [
      maxDepthPlugin({ n: 8 }),
      maxAliasesPlugin({ n: 20 }),
      ...(ctx.config.production ? [noIntrospection] : []),
    ],
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

  app.route({
    url: '/bus/graphql',
    method: 'POST',
    config: { scope: 'app' },
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}
