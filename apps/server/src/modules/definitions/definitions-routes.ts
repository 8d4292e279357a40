import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DefinitionView } from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/app-error.ts';
import { requestLocale } from '../../platform/locale.ts';
import { currentUser } from '../users/current-user.ts';
import { findStartableApp } from '../processes/startable-app.ts';
import { latestDefinition } from './definitions-repository.ts';
import { presentDefinition } from './definition-presenter.ts';
import '../processes/processes-messages.ts';

const paramsSchema = z.strictObject({ code: z.string().min(1).max(64) });

/** GET /api/definitions/{code}: the newest definition of a built-in app, for the apply form. */
export async function definitionsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/api/definitions/:code', { config: { scope: 'app' } }, async (request) => {
    currentUser(request, 'app');
    const { code } = paramsSchema.parse(request.params);
    const found = await findStartableApp(ctx.db, code);
    const def = found?.definition_code ? await latestDefinition(ctx.db, found.definition_code) : undefined;
    if (!found || !def) throw new AppError('NOT_FOUND', 'APP_NOT_FOUND');
    const appRow = await ctx.db.selectFrom('apps').select(['id', 'code', 'name', 'name_en']).where('id', '=', found.id)
      .executeTakeFirstOrThrow();
    const view: DefinitionView = presentDefinition(def, appRow, requestLocale(request));
    return { errno: 0, error: '', entities: [view] };
  });
}
