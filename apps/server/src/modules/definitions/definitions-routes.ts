import { getDefinitionRoute } from '@service-hall/contracts';
import { AppError } from '../../platform/app-error.ts';
import { defineRoute } from '../../platform/define-route.ts';
import { findStartableApp } from '../processes/startable-app.ts';
import { processesMessages } from '../processes/processes-messages.ts';
import { latestDefinition } from './definitions-repository.ts';
import { presentDefinition } from './definition-presenter.ts';

/** GET /api/definitions/{code}: the newest definition of a built-in app, for the apply form. */
export const definitionsRoutes = [
  defineRoute(getDefinitionRoute, (ctx) => async ({ params, locale }) => {
    const found = await findStartableApp(ctx.db, params.code);
    const def = found?.definition_code ? await latestDefinition(ctx.db, found.definition_code) : undefined;
    if (!found || !def) throw new AppError('NOT_FOUND', processesMessages.APP_NOT_FOUND);
    const appRow = await ctx.db.selectFrom('apps').select(['id', 'code', 'name', 'name_en']).where('id', '=', found.id)
      .executeTakeFirstOrThrow();
    return presentDefinition(def, appRow, locale);
  }),
];
