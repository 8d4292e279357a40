import { getDefinitionRoute } from '@service-hall/contracts';

import { AppError } from '../../platform/app-error.ts';
import { defineRoute } from '../../platform/define-route.ts';
import { processesMessages } from '../processes/processes-messages.ts';
import { assertOffered, findStartableApp } from '../processes/startable-app.ts';
import { presentDefinition } from './definition-presenter.ts';
import { latestDefinition } from './definitions-repository.ts';

/** GET /api/definitions/{code}: the newest definition of a built-in app, for the apply form. */
export const definitionsRoutes = [
  defineRoute(getDefinitionRoute, (ctx) => async ({ params, locale, user }) => {
    const found = await findStartableApp(ctx.db, params.code);
    const def = found?.definition_code ? await latestDefinition(ctx.db, found.definition_code) : undefined;
    if (!found || !def) throw new AppError('NOT_FOUND', processesMessages.APP_NOT_FOUND);
    // The apply form of an app not offered to the caller says so before they fill it in.
    if (!user.system) await assertOffered(ctx.db, found, user, user);
    const appRow = await ctx.db
      .selectFrom('apps')
      .select(['id', 'code', 'name', 'name_en'])
      .where('id', '=', found.id)
      .executeTakeFirstOrThrow();
    return presentDefinition(def, appRow, locale);
  }),
];
