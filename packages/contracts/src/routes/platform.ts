import { z } from 'zod';

import { rawBody } from '../envelope.ts';
import { route } from './route.ts';

/** Health checks, the push-event stream and the two GraphQL endpoints (documented here, answered by their own handlers). */
export const healthRoute = route({
  operationId: 'health',
  summary: 'The process is up (for load balancers)',
  method: 'GET',
  path: '/healthz',
  scope: null,
  public: true,
  tag: 'health',
  reply: rawBody(z.object({ status: z.literal('ok') })),
});

export const readyRoute = route({
  operationId: 'ready',
  summary:
    'The database answers and can write (503 `{"status":"unavailable"}` when not; `reason: "storage"` after a failed write)',
  method: 'GET',
  path: '/readyz',
  scope: null,
  public: true,
  tag: 'health',
  reply: rawBody(z.object({ status: z.enum(['ok', 'unavailable']), reason: z.literal('storage').optional() })),
});

export const eventsRoute = route({
  operationId: 'streamMyEvents',
  summary: 'Server-sent events naming the lists to refetch (`text/event-stream`; each `data:` is a PushEvent)',
  method: 'GET',
  path: '/api/me/events',
  scope: 'task',
  tag: 'workflow',
  reply: rawBody(z.string()),
});

/** A GraphQL request body (POST, JSON). */
export const GraphQLRequest = z.object({
  query: z.string(),
  variables: z.record(z.string(), z.unknown()).nullable().optional(),
  operationName: z.string().nullable().optional(),
});

/** A GraphQL answer: data and/or errors, each error with its `extensions.ecode`. */
export const GraphQLResponse = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z
    .array(
      z.object({
        message: z.string(),
        path: z.array(z.union([z.string(), z.number()])).optional(),
        extensions: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
});

export const taskGraphqlRoute = route({
  operationId: 'taskApiGraphql',
  summary: 'The task GraphQL API (schema: apps/server/schema.graphql); scopes are checked per field',
  method: 'POST',
  path: '/graphql',
  scope: null,
  encoding: 'json',
  tag: 'graphql',
  body: GraphQLRequest,
  reply: rawBody(GraphQLResponse),
});

export const guideBusRoute = route({
  operationId: 'guideBusGraphql',
  summary: 'The guide bus GraphQL API (schema: apps/server/guide-bus.graphql)',
  method: 'POST',
  path: '/bus/graphql',
  scope: 'app',
  encoding: 'json',
  tag: 'graphql',
  body: GraphQLRequest,
  reply: rawBody(GraphQLResponse),
});
