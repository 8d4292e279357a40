import type { AppWithDefinition } from '@service-hall/contracts';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { AppError } from '../../platform/app-error.ts';
import { presentDefinition } from '../definitions/definition-presenter.ts';
import { latestDefinition } from '../definitions/definitions-repository.ts';
import { processesMessages } from '../processes/processes-messages.ts';
import { listApps } from './apps-service.ts';

/**
 * GET /api/app/{code}: one published app of the catalogue with the definition its form is built from (the newest
 * version, as the apply form shows it); an external app's definition is null. Unknown, retired or hidden from the
 * caller (the `visible` rule): 404.
 */
export async function getApp(db: Db, code: string, locale: Locale, user: AuthUser): Promise<AppWithDefinition> {
  const app = (await listApps(db, locale, user)).find((a) => a.code === code);
  if (!app) throw new AppError('NOT_FOUND', processesMessages.APP_NOT_FOUND);
  const row = await db
    .selectFrom('apps')
    .select(['id', 'code', 'name', 'name_en', 'definition_code'])
    .where('id', '=', app.id)
    .executeTakeFirst();
  const def = row?.definition_code ? await latestDefinition(db, row.definition_code) : undefined;
  return { ...app, definition: row && def ? presentDefinition(def, row, locale) : null };
}
