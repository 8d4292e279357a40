import { actOnTaskRoute, listTodoRoute } from '@service-hall/contracts';
import { defineRoute } from '../../platform/define-route.ts';
import { actOnTask } from './act-on-task.ts';
import { listTodo } from './list-todo.ts';

/** Task endpoints: the to-do list and handling a task. */
export const tasksRoutes = [
  defineRoute(listTodoRoute, (ctx) => ({ user, query, locale }) => listTodo(ctx.db, user, query, locale, ctx.now())),

  defineRoute(actOnTaskRoute, (ctx) => ({ user, params, body, locale }, onCommit) => actOnTask(ctx, user, {
    taskId: params.id, actionId: body.actionId, remark: body.remark, userId: body.userId, now: ctx.now(), locale,
    onCommit,
  })),
];
