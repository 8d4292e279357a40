import {
  actOnTaskRoute,
  listTodoByPostRoute,
  listTodoRoute,
  listUserTodoByPostRoute,
  listUserTodoRoute,
} from '@service-hall/contracts';

import { defineListRoute, defineRoute } from '../../platform/define-route.ts';
import { actOnTask } from './act-on-task.ts';
import { listTodo } from './list-todo.ts';

/** Task endpoints: the to-do list (mine, or the path's user's; by GET or POST) and handling a task. */
export const tasksRoutes = [
  defineListRoute(
    listTodoRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listTodo(ctx.db, user, query, locale, ctx.now()),
  ),
  defineListRoute(
    listTodoByPostRoute,
    (ctx) =>
      ({ user, query, locale }) =>
        listTodo(ctx.db, user, query, locale, ctx.now()),
  ),
  defineListRoute(
    listUserTodoRoute,
    (ctx) =>
      ({ user, params, query, locale }) =>
        listTodo(ctx.db, user, { ...query, userId: params.userId }, locale, ctx.now()),
  ),
  defineListRoute(
    listUserTodoByPostRoute,
    (ctx) =>
      ({ user, params, query, locale }) =>
        listTodo(ctx.db, user, { ...query, userId: params.userId }, locale, ctx.now()),
  ),

  defineRoute(
    actOnTaskRoute,
    (ctx) =>
      ({ user, params, body, locale, request }, onCommit) =>
        actOnTask(ctx, user, {
          taskId: params.id,
          actionId: body.actionId,
          remark: body.remark,
          userId: body.userId,
          data: body.data,
          now: ctx.now(),
          locale,
          onCommit,
          log: request.log,
        }),
  ),
];
