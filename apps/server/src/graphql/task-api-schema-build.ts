import { createSchema } from 'graphql-yoga';

import type { AppContext } from '../platform/context.ts';
import { gql } from './graphql-runtime.ts';
import { taskApiResolvers, type TaskApiContext } from './task-api-resolvers.ts';
import { taskApiTypeDefs } from './task-api-schema.ts';

/** The executable schema served at /graphql. */
export function buildTaskApiSchema(ctx: AppContext) {
  return createSchema<TaskApiContext>({ typeDefs: taskApiTypeDefs, resolvers: taskApiResolvers(ctx) });
}

/** The published SDL (apps/server/schema.graphql): printed from the type definitions the server runs on. */
export function printTaskApiSchema(): string {
  const header =
    '# Generated from apps/server/src/graphql/task-api-schema.ts; do not edit.\n' +
    '# Regenerate: npx tsx apps/server/src/graphql/print-schema.ts\n\n';
  return `${header}${gql.printSchema(gql.buildSchema(taskApiTypeDefs))}\n`;
}
