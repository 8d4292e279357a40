import type { FastifyRequest } from 'fastify';

import {
  createAdminDepartmentRoute,
  createAdminRoleRoute,
  createAdminUserRoute,
  disableAdminUserRoute,
  editAdminDepartmentRoute,
  editAdminRoleRoute,
  editAdminUserRoute,
  importAdminDepartmentsRoute,
  importAdminUsersRoute,
  listAdminDepartmentsRoute,
  listAdminRoleMembersRoute,
  listAdminRolesRoute,
  listAdminUsersRoute,
  resetAdminUserPasswordRoute,
  setAdminRoleMembersRoute,
  type ImportReport as ImportReportReply,
} from '@service-hall/contracts';

import type { AuthUser } from '../../../auth/auth-user.ts';
import { translate } from '../../../i18n/catalogue.ts';
import { type Locale } from '../../../i18n/messages.ts';
import type { AppContext } from '../../../platform/context.ts';
import { defineRoute, type DefinedRoute } from '../../../platform/define-route.ts';
import type { AdminContext } from '../admin-context.ts';
import { assertAuthorized } from '../admin-policy.ts';
import { importDepartmentsCsv } from '../imports/import-departments-csv.ts';
import type { ImportReport } from '../imports/import-report.ts';
import { importUsersCsv } from '../imports/import-users-csv.ts';
import { createUser } from '../people/create-user.ts';
import { disableUser } from '../people/disable-user.ts';
import { editUser } from '../people/edit-user.ts';
import {
  adminDepartment,
  adminRole,
  adminUser,
  listDepartments,
  listRoles,
  listUsers,
} from '../people/people-queries.ts';
import { resetPassword } from '../people/reset-password.ts';
import { createDepartment, editDepartment } from '../people/save-department.ts';
import { createRole, editRole } from '../people/save-role.ts';
import { setRoleMembers } from '../people/set-role-members.ts';
import { adminRequest } from './admin-request.ts';

/** Keys of an object whose value is not undefined, renamed from the contract's camelCase to the domain's columns. */
function columns(body: Record<string, unknown>, names: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (value !== undefined) out[names[key] ?? key] = value;
  return out;
}
const NAMES = { nameEn: 'name_en', departmentId: 'department_id', parentId: 'parent_id', headUserId: 'head_user_id' };

/** The caller's admin context, refused unless they may manage people at all. */
async function peopleAdmin(ctx: AppContext, user: AuthUser, request: FastifyRequest): Promise<AdminContext> {
  const admin = await adminRequest(ctx, user, request);
  assertAuthorized(admin.actor, 'user.manage');
  return admin;
}

/** An import report with each row error as a message in the caller's language. */
function reportReply(report: ImportReport, locale: Locale): ImportReportReply {
  return {
    ...report,
    encoding: report.encoding ?? null,
    readings: report.readings ?? [],
    rows: report.rows.map((r) => ({
      ...r,
      errors: r.errors.map((e) => ({ field: e.field, message: translate(e.reason, locale, e.params) })),
    })),
  };
}

// A CSV of a few thousand people, base64-encoded, exceeds the API's usual 256 KB body limit.
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;
const withBodyLimit = (route: DefinedRoute, bodyLimit: number): DefinedRoute => ({
  contract: route.contract,
  options: (ctx) => ({ ...route.options(ctx), bodyLimit }),
});

/** The people routes of the administration console: system administrators only. */
export const adminPeopleRoutes: DefinedRoute[] = [
  defineRoute(listAdminUsersRoute, (ctx) => async ({ user, request, query, locale }) => {
    await peopleAdmin(ctx, user, request);
    const { start, limit, ...filter } = query;
    return listUsers(ctx.db, locale, filter, { start, limit });
  }),
  defineRoute(createAdminUserRoute, (ctx) => async ({ user, request, body, locale }) => {
    const { password, ...fields } = body;
    const id = await createUser(await peopleAdmin(ctx, user, request), columns(fields, NAMES), password || undefined);
    return adminUser(ctx.db, locale, id);
  }),
  defineRoute(editAdminUserRoute, (ctx) => async ({ user, request, params, body, locale }) => {
    const admin = await peopleAdmin(ctx, user, request);
    const before = await adminUser(ctx.db, locale, params.id);
    await editUser(admin, params.id, columns(body, NAMES));
    request.server.userDirectory.forget(before.account);
    return adminUser(ctx.db, locale, params.id);
  }),
  defineRoute(disableAdminUserRoute, (ctx) => async ({ user, request, params, body, locale }) => {
    await disableUser(await peopleAdmin(ctx, user, request), params.id, body.disabled);
    const after = await adminUser(ctx.db, locale, params.id);
    // At once on this instance; other instances' caches expire within seconds, and every instance's push-stream
    // sweep closes the user's open streams (modules/events/events-routes.ts).
    request.server.userDirectory.forget(after.account);
    return after;
  }),
  defineRoute(resetAdminUserPasswordRoute, (ctx) => async ({ user, request, params, body }) => {
    const embeddedIdp = ctx.config.oidcIssuer === null && ctx.config.cas === null;
    await resetPassword(await peopleAdmin(ctx, user, request), params.id, body.password, { embeddedIdp });
  }),
  defineRoute(listAdminDepartmentsRoute, (ctx) => async ({ user, request, locale }) => {
    await peopleAdmin(ctx, user, request);
    const entities = await listDepartments(ctx.db, locale);
    return { total: entities.length, entities };
  }),
  defineRoute(createAdminDepartmentRoute, (ctx) => async ({ user, request, body, locale }) => {
    await createDepartment(await peopleAdmin(ctx, user, request), columns(body, NAMES));
    return adminDepartment(ctx.db, locale, body.id.trim());
  }),
  defineRoute(editAdminDepartmentRoute, (ctx) => async ({ user, request, params, body, locale }) => {
    await editDepartment(await peopleAdmin(ctx, user, request), params.id, columns(body, NAMES));
    return adminDepartment(ctx.db, locale, params.id);
  }),
  defineRoute(listAdminRolesRoute, (ctx) => async ({ user, request }) => {
    await peopleAdmin(ctx, user, request);
    const entities = await listRoles(ctx.db);
    return { total: entities.length, entities };
  }),
  defineRoute(createAdminRoleRoute, (ctx) => async ({ user, request, body }) => {
    await createRole(await peopleAdmin(ctx, user, request), columns(body, NAMES));
    return adminRole(ctx.db, body.code.trim());
  }),
  defineRoute(editAdminRoleRoute, (ctx) => async ({ user, request, params, body }) => {
    await editRole(await peopleAdmin(ctx, user, request), params.code, columns(body, NAMES));
    return adminRole(ctx.db, params.code);
  }),
  defineRoute(listAdminRoleMembersRoute, (ctx) => async ({ user, request, params, locale }) => {
    await peopleAdmin(ctx, user, request);
    await adminRole(ctx.db, params.code);
    return listUsers(ctx.db, locale, { role: params.code }, { start: 0, limit: 10_000 });
  }),
  defineRoute(setAdminRoleMembersRoute, (ctx) => async ({ user, request, params, body, locale }) => {
    await setRoleMembers(await peopleAdmin(ctx, user, request), params.code, body.userIds);
    return listUsers(ctx.db, locale, { role: params.code }, { start: 0, limit: 10_000 });
  }),
  withBodyLimit(
    defineRoute(importAdminUsersRoute, (ctx) => async ({ user, request, body, locale }) => {
      const report = await importUsersCsv(await peopleAdmin(ctx, user, request), Buffer.from(body.csv, 'base64'), {
        dryRun: body.dryRun,
        encoding: body.encoding,
      });
      return reportReply(report, locale);
    }),
    IMPORT_BODY_LIMIT,
  ),
  withBodyLimit(
    defineRoute(importAdminDepartmentsRoute, (ctx) => async ({ user, request, body, locale }) => {
      const report = await importDepartmentsCsv(
        await peopleAdmin(ctx, user, request),
        Buffer.from(body.csv, 'base64'),
        { dryRun: body.dryRun, encoding: body.encoding },
      );
      return reportReply(report, locale);
    }),
    IMPORT_BODY_LIMIT,
  ),
];
