import { ProcessDetail, Task } from '../entities.ts';
import { listOf, oneOf } from '../envelope.ts';
import { idParamSchema, taskActionBodySchema, todoQuerySchema } from '../queries.ts';
import { route } from './route.ts';

/** Tasks: my to-do list and handling one task. */
export const listTodoRoute = route({
  operationId: 'listTodoTasks', summary: 'My open tasks (and those delegated to me)',
  method: 'GET', path: '/api/me/tasks/todo', scope: 'task', tag: 'workflow',
  query: todoQuerySchema, reply: listOf(Task), errors: ['FORBIDDEN'],
});

export const actOnTaskRoute = route({
  operationId: 'actOnTask', summary: 'Handle a task with one of its actions (approve, reject, …) and a remark',
  method: 'POST', path: '/api/task/:id', scope: 'task_edit', idempotent: true, encoding: 'form', tag: 'workflow',
  params: idParamSchema, body: taskActionBodySchema, reply: oneOf(ProcessDetail),
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'TASK_ALREADY_HANDLED', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE', 'CALLBACK_FAILED'],
});
