import type { FastifyReply, FastifyRequest } from 'fastify';

import { listDoing, listDone } from '../modules/processes/list-processes.ts';
import { listTodo } from '../modules/tasks/list-todo.ts';
import { currentUser } from '../modules/users/current-user.ts';
import { absoluteUris, portalBase } from '../platform/absolute-uri.ts';
import { notFound } from '../platform/app-error.ts';
import type { AppContext } from '../platform/context.ts';
import { requestLocale } from '../platform/locale.ts';
import { gql } from './graphql-runtime.ts';
import {
  processesQueryOf,
  processKeyOf,
  todoQueryOf,
  type ProcessArgs,
  type ProcessesArgs,
  type TasksArgs,
} from './task-api-args.ts';
import { guarded } from './task-api-errors.ts';
import type { TaskApiLoaders } from './task-api-loaders.ts';

/** What every resolver gets: the Fastify request (caller, language, logger) and this request's loaders. */
export interface TaskApiContext {
  req: FastifyRequest;
  reply: FastifyReply;
  loaders: TaskApiLoaders | null;
}

/**
 * The JSON scalar's behaviour (graphql-tools' `__serialize` form), so the type and its description stay those
 * of the SDL. Output only in practice: no argument takes JSON.
 */
const jsonScalar = {
  __serialize: (value: unknown) => value,
  __parseValue: (value: unknown) => value,
  __parseLiteral: (ast: Parameters<typeof gql.valueFromASTUntyped>[0]) => gql.valueFromASTUntyped(ast),
};

/**
 * Thin resolvers over the REST services: the same scope check, the same `userId` rule (resolveActingUser inside
 * listTodo/listDoing/listDone), the same visibility policy for a process (loadVisibleProcess) — one rule, two
 * transports. `ctx.db` is read per call, not captured, so a test can count the statements a query runs.
 */
export function taskApiResolvers(ctx: AppContext) {
  // uri values answer absolute, as on REST (platform/absolute-uri.ts).
  const base = portalBase(ctx.config);
  return {
    JSON: jsonScalar,
    Query: {
      tasks: (_: unknown, args: TasksArgs, { req }: TaskApiContext) =>
        guarded(req, async () => {
          const user = currentUser(req, 'task');
          const page = await listTodo(ctx.db, user, todoQueryOf(args), requestLocale(req), ctx.now());
          return { total: page.total, list: absoluteUris(page.entities, base) };
        }),

      processes: (_: unknown, args: ProcessesArgs, { req }: TaskApiContext) =>
        guarded(req, async () => {
          const user = currentUser(req, 'process');
          const q = processesQueryOf(args);
          const page =
            q.cate === 'doing'
              ? await listDoing(ctx.db, user, q.query, requestLocale(req), ctx.now())
              : await listDone(ctx.db, user, q.query, requestLocale(req), ctx.now());
          return { total: page.total, list: absoluteUris(page.entities, base) };
        }),

      // Not found and not visible answer alike (null + NOT_FOUND), so ids of other people's processes reveal nothing.
      process: (_: unknown, args: ProcessArgs, { req, loaders }: TaskApiContext) =>
        guarded(req, async () => {
          currentUser(req, 'process');
          const key = processKeyOf(args);
          if (!loaders) throw notFound();
          const id = await loaders.processId.load(key);
          if (!id) throw notFound();
          return absoluteUris(await loaders.processDetail.load(id), base);
        }),
    },
  };
}
