import type { FastifyInstance } from 'fastify';
import { idParamSchema, taskActionBodySchema, todoQuerySchema } from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { requestLocale } from '../../platform/locale.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { currentUser } from '../users/current-user.ts';
import { actOnTask } from './act-on-task.ts';
import { listTodo } from './list-todo.ts';

/** Task endpoints: the to-do list and handling a task. */
export async function tasksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/api/me/tasks/todo', { config: { scope: 'task' } }, async (request) => {
    const user = currentUser(request, 'task');
    const page = await listTodo(ctx.db, user, todoQuerySchema.parse(request.query), requestLocale(request), ctx.now());
    return { errno: 0, error: '', ...page };
  });

  app.post('/api/task/:id', { config: { scope: 'task_edit' } }, async (request, reply) => {
    const user = currentUser(request, 'task_edit');
    const { id } = idParamSchema.parse(request.params);
    return runIdempotent(ctx, request, reply, user, (onCommit) => {
      const body = taskActionBodySchema.parse(request.body ?? {});
      return actOnTask(ctx, user, {
        taskId: id, actionId: body.actionId, remark: body.remark, now: ctx.now(), locale: requestLocale(request), onCommit,
      });
    });
  });
}
