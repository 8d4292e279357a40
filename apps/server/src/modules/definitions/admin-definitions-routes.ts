import {
  exportDefinitionRoute,
  getDefinitionTemplateRoute,
  getDefinitionVersionsRoute,
  listDefinitionsRoute,
  listDefinitionTemplatesRoute,
  publishDefinitionRoute,
} from '@service-hall/contracts';
import type { I18nText } from '@service-hall/engine';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Locale } from '../../i18n/messages.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { defineRoute } from '../../platform/define-route.ts';
import { loadAdminSubject, type AdminContext } from '../admin/admin-context.ts';
import { definitionsMessages } from './definitions-messages.ts';
import { publishDefinition } from './publish-definition.ts';
import {
  definitionTemplate,
  definitionTemplates,
  definitionVersions,
  exportDefinition,
  listDefinitions,
} from './read-definitions.ts';

/** The caller as the administration policy sees them, acting through this request. */
async function adminContext(ctx: AppContext, user: AuthUser, requestId: string): Promise<AdminContext> {
  return { db: ctx.db, now: () => ctx.now(), actor: await loadAdminSubject(ctx.db, user), requestId };
}

const pick = (text: I18nText, locale: Locale) => text[locale] || text.zh;
const localiseApps = (apps: Array<{ id: string; code: string; name: I18nText }>, locale: Locale) =>
  apps.map((a) => ({ ...a, name: pick(a.name, locale) }));

/** /api/admin/definitions: the same domain functions as `npm run admin -- definitions …`. */
export const adminDefinitionsRoutes = [
  defineRoute(listDefinitionsRoute, (ctx) => async ({ user, locale, request }) => {
    const list = await listDefinitions(await adminContext(ctx, user, request.id));
    const entities = list.map((d) => ({ ...d, name: pick(d.name, locale), apps: localiseApps(d.apps, locale) }));
    return { total: entities.length, entities };
  }),
  defineRoute(listDefinitionTemplatesRoute, (ctx) => async ({ user, locale, request }) => {
    const entities = definitionTemplates(await adminContext(ctx, user, request.id)).map((t) => ({
      ...t,
      name: pick(t.name, locale),
    }));
    return { total: entities.length, entities };
  }),
  defineRoute(
    getDefinitionTemplateRoute,
    (ctx) =>
      async ({ user, params, request }) =>
        definitionTemplate(await adminContext(ctx, user, request.id), params.code),
  ),
  defineRoute(getDefinitionVersionsRoute, (ctx) => async ({ user, params, locale, request }) => {
    const d = await definitionVersions(await adminContext(ctx, user, request.id), params.code);
    return { ...d, name: pick(d.name, locale), apps: localiseApps(d.apps, locale) };
  }),
  defineRoute(
    exportDefinitionRoute,
    (ctx) =>
      async ({ user, params, request }) =>
        exportDefinition(await adminContext(ctx, user, request.id), params.code, params.version),
  ),
  defineRoute(publishDefinitionRoute, (ctx) => async ({ user, body, locale, request }) => {
    const report = await publishDefinition(await adminContext(ctx, user, request.id), body.definition, {
      dryRun: body.dryRun,
    });
    if (report.issues.length > 0 || report.version === null || report.code === null) {
      // Each problem names where it is: the JSON path (which step, action or form field) and what, in the caller's language.
      throw new AppError(
        'VALIDATION_FAILED',
        definitionsMessages.DEFINITION_INVALID,
        { count: report.issues.length },
        report.issues.map((i) => ({
          field: i.path ? `definition.${i.path}` : 'definition',
          in: 'body' as const,
          message: pick(i.message, locale),
        })),
      );
    }
    return {
      code: report.code,
      version: report.version,
      published: report.published,
      unchanged: report.unchanged,
      dryRun: report.dryRun,
    };
  }),
];
