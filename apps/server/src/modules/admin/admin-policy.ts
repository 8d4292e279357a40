import { AppError } from '../../platform/app-error.ts';

/**
 * Who may do what in the administration console, in one place (docs/architecture.md, "Roles").
 *
 * - A **system administrator** (a user holding SYSTEM_ADMIN_ROLE) may do everything.
 * - An **app administrator** (a row in app_admins) may edit the catalogue entries of the apps assigned to them,
 *   write guides whose every linked app is theirs, deploy their apps' definitions, and see, reassign and cancel
 *   their apps' processes. Nothing else: creating or retiring apps, people, roles, look, integrations and the audit
 *   log belong to system administrators.
 * - Everyone else may do nothing here.
 */
export const SYSTEM_ADMIN_ROLE = 'admin';

/** The caller of an administrative operation, as the policy sees them. */
export interface AdminSubject {
  id: string;
  account: string;
  roles: readonly string[];
  /** Ids of the apps this user administers (app_admins). */
  appIds: ReadonlySet<string>;
}

/** Operations an app administrator may perform on their own apps. */
const APP_SCOPED = [
  'app.edit',
  'guide.write',
  'definition.deploy',
  'process.view',
  'process.reassign',
  'process.cancel',
] as const;
/** Operations only a system administrator may perform. */
const SYSTEM_ONLY = [
  'app.create',
  'app.retire',
  'app.reorder',
  'app.import',
  'app.export',
  'app.assign-admins',
  'user.manage',
  'department.manage',
  'role.manage',
  'look.manage',
  'integration.manage',
  'audit.view',
] as const;

export type AppScopedAction = (typeof APP_SCOPED)[number];
export type AdminAction = AppScopedAction | (typeof SYSTEM_ONLY)[number];
/** Every administrative action, app-scoped ones first. */
export const ADMIN_ACTIONS: readonly AdminAction[] = [...APP_SCOPED, ...SYSTEM_ONLY];

/** What an app-scoped action touches: the app ids involved (a guide: every app its steps link to). */
export interface AdminResource {
  appIds: readonly string[];
}

/** Whether the user holds the system administrator role. */
export const isSystemAdmin = (user: { roles: readonly string[] }): boolean => user.roles.includes(SYSTEM_ADMIN_ROLE);

/** Whether `user` may perform `action` on `resource` (app-scoped actions need one). */
export function authorize(user: AdminSubject, action: AdminAction, resource?: AdminResource): boolean {
  if (isSystemAdmin(user)) return true;
  if (!(APP_SCOPED as readonly string[]).includes(action) || !resource) return false;
  // A guide with no linked app belongs to nobody but the system administrators.
  return resource.appIds.length > 0 && resource.appIds.every((id) => user.appIds.has(id));
}

/** Throws FORBIDDEN unless `authorize` allows it. */
export function assertAuthorized(user: AdminSubject, action: AdminAction, resource?: AdminResource): void {
  if (!authorize(user, action, resource)) throw new AppError('FORBIDDEN', 'ADMIN_FORBIDDEN');
}

/** Whether the user may open the console at all: a system administrator or the administrator of some app. */
export const isAnyAdmin = (user: AdminSubject): boolean => isSystemAdmin(user) || user.appIds.size > 0;
