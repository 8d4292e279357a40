import { ProcessDetail, Task } from '../entities.ts';
import { listOf, oneOf } from '../envelope.ts';
import { idParamSchema, taskActionBodySchema, todoQuerySchema, userPathSchema } from '../queries.ts';
import { postTwin, route } from './route.ts';

/** Tasks: my to-do list (or a user's, by the userId rule) and handling one task. */
export const listTodoRoute = route({
  operationId: 'listTodoTasks',
  summary: 'My open tasks (and those delegated to me)',
  method: 'GET',
  path: '/api/me/tasks/todo',
  scope: 'task',
  tag: 'workflow',
  query: todoQuerySchema,
  reply: listOf(Task),
  errors: ['USER_ID_FORBIDDEN', 'NOT_FOUND'],
});
export const listTodoByPostRoute = postTwin(listTodoRoute);

export const listUserTodoRoute = route({
  operationId: 'listUserTodoTasks',
  summary: "A user's open tasks (the path's userId: me, or whom I may view)",
  method: 'GET',
  path: '/api/user/:userId/tasks/todo',
  scope: 'task',
  tag: 'workflow',
  params: userPathSchema,
  query: todoQuerySchema.omit({ userId: true }),
  reply: listOf(Task),
  errors: ['USER_ID_FORBIDDEN', 'NOT_FOUND'],
});
export const listUserTodoByPostRoute = postTwin(listUserTodoRoute);

export const actOnTaskRoute = route({
  operationId: 'actOnTask',
  summary:
    'Handle a task with one of its actions (approve, reject, …) and a remark; `actionCode` is another name of `actionId`',
  method: 'POST',
  path: '/api/task/:id',
  scope: 'task_edit',
  idempotent: true,
  encoding: 'form',
  tag: 'workflow',
  params: idParamSchema,
  body: taskActionBodySchema,
  reply: oneOf(ProcessDetail),
  errors: [
    'NOT_FOUND',
    'FORBIDDEN',
    'USER_ID_FORBIDDEN',
    'CONFLICT',
    'TASK_ALREADY_HANDLED',
    'IDEMPOTENCY_KEY_REUSED',
    'IDEMPOTENCY_KEY_IN_USE',
    'CALLBACK_FAILED',
    'ATTACHMENT_UNKNOWN',
  ],
});
