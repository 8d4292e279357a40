import { z } from 'zod';

import { listOf, nothing, oneOf } from '../envelope.ts';
import { MAX_KEYWORD_LENGTH, queryBoolean } from '../queries.ts';
import { route } from './route.ts';

/**
 * People administration: users, the department tree, roles and their members, CSV imports.
 * System administrators only; everyone else gets 403 FORBIDDEN.
 */

export const AdminUser = z.object({
  id: z.string(),
  account: z.string(),
  name: z.string(),
  nameEn: z.string(),
  email: z.string(),
  departmentId: z.string().nullable(),
  /** The department's name in the caller's language, '' without one. */
  department: z.string(),
  roles: z.array(z.string()),
  disabled: z.boolean(),
  /** Whether the account has a password of the embedded sign-in provider. */
  hasPassword: z.boolean(),
  updatedAt: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminDepartment = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
  parentId: z.string().nullable(),
  headUserId: z.string().nullable(),
  /** The head's name, '' without one. */
  head: z.string(),
  members: z.number().int(),
});
export type AdminDepartment = z.infer<typeof AdminDepartment>;

export const AdminRole = z.object({
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  members: z.number().int(),
});
export type AdminRole = z.infer<typeof AdminRole>;

/** What an import did, or would do in a dry run, to one row; errors carry messages in the caller's language. */
export const ImportRowReport = z.object({
  line: z.number().int(),
  key: z.string(),
  outcome: z.enum(['create', 'change', 'unchanged', 'error']),
  changes: z.array(z.string()),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
/** Some lines of a CSV file as one encoding reads them: its header and the first lines the readings disagree on. */
export const ImportReading = z.object({
  encoding: z.enum(['utf-8', 'gbk']),
  lines: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
});
export const ImportReport = z.object({
  dryRun: z.boolean(),
  /** True when the changes were written: not a dry run, and no row had an error. */
  applied: z.boolean(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  rows: z.array(ImportRowReport),
  /**
   * The encoding the file was read in; null when, with `encoding: auto`, it reads plausibly both as UTF-8 and as
   * GBK. Then `rows` is empty, `readings` holds both readings, and the import must name the encoding chosen.
   */
  encoding: z.enum(['utf-8', 'gbk']).nullable(),
  readings: z.array(ImportReading),
});
export type ImportReport = z.infer<typeof ImportReport>;

const text = (max: number) => z.string().max(max);
const id = z.string().min(1).max(64);

export const adminUsersQuerySchema = z.object({
  keyword: z
    .string()
    .trim()
    .max(MAX_KEYWORD_LENGTH)
    .optional()
    .transform((v) => v || undefined),
  departmentId: id.optional(),
  role: id.optional(),
  disabled: queryBoolean.optional(),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminUserBodySchema = z.object({
  account: text(64),
  name: text(60),
  nameEn: text(120).optional(),
  email: text(200).optional(),
  departmentId: id.nullable().optional(),
  roles: z.array(text(64)).max(30).optional(),
});
export const createUserBodySchema = adminUserBodySchema.extend({
  /** For an account of the embedded sign-in provider; at least 8 characters. */
  password: text(200).optional(),
});
export const editUserBodySchema = adminUserBodySchema.partial();

export const departmentBodySchema = z.object({
  id: text(64),
  name: text(60),
  nameEn: text(120).optional(),
  parentId: id.nullable().optional(),
  headUserId: id.nullable().optional(),
});
export const roleBodySchema = z.object({ code: text(64), name: text(60), nameEn: text(120).optional() });

/** A CSV file for an import, base64-encoded (UTF-8 or GBK bytes; `auto` tells them apart). */
export const importBodySchema = z.object({
  csv: z
    .string()
    .min(1)
    .max(3_000_000)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
  dryRun: z.boolean().default(true),
  encoding: z.enum(['auto', 'utf-8', 'gbk']).default('auto'),
});

const userParams = z.object({ id });
const roleParams = z.object({ code: id });
const common = { tag: 'admin', encoding: 'json' } as const;

export const listAdminUsersRoute = route({
  ...common,
  operationId: 'adminListUsers',
  summary: 'Users, searched by account, name or email',
  method: 'GET',
  path: '/api/admin/users',
  scope: 'profile',
  query: adminUsersQuerySchema,
  reply: listOf(AdminUser),
  errors: ['FORBIDDEN'],
});

export const createAdminUserRoute = route({
  ...common,
  operationId: 'adminCreateUser',
  summary: 'Add a user (with a password for the embedded sign-in)',
  method: 'POST',
  path: '/api/admin/users',
  scope: 'profile_edit',
  body: createUserBodySchema,
  reply: oneOf(AdminUser),
  errors: ['FORBIDDEN', 'ACCOUNT_TAKEN'],
});

export const editAdminUserRoute = route({
  ...common,
  operationId: 'adminEditUser',
  summary: "Change a user's account, names, email, department or roles",
  method: 'PUT',
  path: '/api/admin/users/:id',
  scope: 'profile_edit',
  params: userParams,
  body: editUserBodySchema,
  reply: oneOf(AdminUser),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'ACCOUNT_TAKEN', 'CONFLICT'],
});

export const disableAdminUserRoute = route({
  ...common,
  operationId: 'adminDisableUser',
  summary: 'Disable a user (their tokens stop working and their push streams close) or enable them again',
  method: 'POST',
  path: '/api/admin/users/:id/disabled',
  scope: 'profile_edit',
  params: userParams,
  body: z.object({ disabled: z.boolean() }),
  reply: oneOf(AdminUser),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const resetAdminUserPasswordRoute = route({
  ...common,
  operationId: 'adminResetPassword',
  summary: 'Set a new password for an embedded sign-in account',
  method: 'POST',
  path: '/api/admin/users/:id/password',
  scope: 'profile_edit',
  params: userParams,
  body: z.object({ password: text(200) }),
  reply: nothing(),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const listAdminDepartmentsRoute = route({
  ...common,
  operationId: 'adminListDepartments',
  summary: 'Every department (the tree by parentId)',
  method: 'GET',
  path: '/api/admin/departments',
  scope: 'profile',
  reply: listOf(AdminDepartment),
  errors: ['FORBIDDEN'],
});

export const createAdminDepartmentRoute = route({
  ...common,
  operationId: 'adminCreateDepartment',
  summary: 'Add a department to the tree',
  method: 'POST',
  path: '/api/admin/departments',
  scope: 'profile_edit',
  body: departmentBodySchema,
  reply: oneOf(AdminDepartment),
  errors: ['FORBIDDEN', 'CONFLICT'],
});

export const editAdminDepartmentRoute = route({
  ...common,
  operationId: 'adminEditDepartment',
  summary: 'Rename a department, move it or change its head',
  method: 'PUT',
  path: '/api/admin/departments/:id',
  scope: 'profile_edit',
  params: userParams,
  body: departmentBodySchema.omit({ id: true }).partial(),
  reply: oneOf(AdminDepartment),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const listAdminRolesRoute = route({
  ...common,
  operationId: 'adminListRoles',
  summary: 'Every role with its member count',
  method: 'GET',
  path: '/api/admin/roles',
  scope: 'profile',
  reply: listOf(AdminRole),
  errors: ['FORBIDDEN'],
});

export const createAdminRoleRoute = route({
  ...common,
  operationId: 'adminCreateRole',
  summary: 'Add a role',
  method: 'POST',
  path: '/api/admin/roles',
  scope: 'profile_edit',
  body: roleBodySchema,
  reply: oneOf(AdminRole),
  errors: ['FORBIDDEN', 'CONFLICT'],
});

export const editAdminRoleRoute = route({
  ...common,
  operationId: 'adminEditRole',
  summary: 'Rename a role (its code stays)',
  method: 'PUT',
  path: '/api/admin/roles/:code',
  scope: 'profile_edit',
  params: roleParams,
  body: roleBodySchema.omit({ code: true }).partial(),
  reply: oneOf(AdminRole),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const listAdminRoleMembersRoute = route({
  ...common,
  operationId: 'adminListRoleMembers',
  summary: 'The users holding a role',
  method: 'GET',
  path: '/api/admin/roles/:code/members',
  scope: 'profile',
  params: roleParams,
  reply: listOf(AdminUser),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const setAdminRoleMembersRoute = route({
  ...common,
  operationId: 'adminSetRoleMembers',
  summary: 'Make exactly these users the members of a role',
  method: 'PUT',
  path: '/api/admin/roles/:code/members',
  scope: 'profile_edit',
  params: roleParams,
  body: z.object({ userIds: z.array(id).max(10_000) }),
  reply: listOf(AdminUser),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const importAdminUsersRoute = route({
  ...common,
  operationId: 'adminImportUsers',
  summary: 'Import users from CSV (account,name[,name_en,email,department,roles,password]); dry run by default',
  method: 'POST',
  path: '/api/admin/import/users',
  scope: 'profile_edit',
  body: importBodySchema,
  reply: oneOf(ImportReport),
  errors: ['FORBIDDEN', 'CSV_INVALID'],
});

export const importAdminDepartmentsRoute = route({
  ...common,
  operationId: 'adminImportDepartments',
  summary: 'Import departments from CSV (id,name[,name_en,parent,head]); dry run by default',
  method: 'POST',
  path: '/api/admin/import/departments',
  scope: 'profile_edit',
  body: importBodySchema,
  reply: oneOf(ImportReport),
  errors: ['FORBIDDEN', 'CSV_INVALID'],
});
