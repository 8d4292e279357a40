import { z } from 'zod';

import { listOf, nothing, oneOf } from '../envelope.ts';
import { idParamSchema } from '../queries.ts';
import { route } from './route.ts';

/** Who sees an app; both lists empty means everyone. */
export const AppVisibility = z.object({
  roles: z.array(z.string().max(64)).max(50).default([]),
  departments: z.array(z.string().max(64)).max(200).default([]),
});

/**
 * An app's catalogue entry as the console writes it (the server's domain check, modules/admin/apps/app-input.ts, names
 * each bad field). `icon`: a built-in icon's name or the address an icon upload returned.
 */
export const AdminAppFields = z.object({
  code: z.string().max(64),
  name: z.string().max(60),
  name_en: z.string().max(120).optional(),
  department: z.string().max(60).optional(),
  department_en: z.string().max(120).optional(),
  tags: z.array(z.string().max(40)).max(10).optional(),
  tags_en: z.array(z.string().max(40)).max(10).optional(),
  icon: z.string().max(300).optional(),
  abbreviation: z.string().max(20).optional(),
  description: z.string().max(2000).optional(),
  description_en: z.string().max(4000).optional(),
  palette: z.string().max(20).optional(),
  kind: z.enum(['builtin', 'external']),
  definition_code: z.string().max(64).nullable().optional(),
  uri: z.string().max(2000).optional(),
  system_id: z.string().max(64).nullable().optional(),
  recommend: z.number().int().min(0).max(1_000_000).optional(),
  visible: AppVisibility.optional(),
});
export type AdminAppFields = z.input<typeof AdminAppFields>;

/** An app as the console lists it: its fields, whether it is retired, and its open processes. */
export const AdminApp = AdminAppFields.required().extend({
  id: z.string(),
  enabled: z.boolean(),
  openProcesses: z.number().int(),
});
export type AdminApp = z.infer<typeof AdminApp>;

export const listAdminAppsRoute = route({
  operationId: 'listAdminApps',
  summary: 'Apps I administer (every app for a system administrator), retired ones too',
  method: 'GET',
  path: '/api/admin/apps',
  scope: 'app',
  tag: 'admin',
  reply: listOf(AdminApp),
  errors: ['FORBIDDEN'],
});

export const createAdminAppRoute = route({
  operationId: 'createAdminApp',
  summary: 'Add an app to the catalogue (system administrators)',
  method: 'POST',
  path: '/api/admin/apps',
  scope: 'app',
  tag: 'admin',
  encoding: 'json',
  body: AdminAppFields,
  reply: oneOf(z.object({ id: z.string() })),
  errors: ['FORBIDDEN', 'APP_CODE_TAKEN'],
});

export const editAdminAppRoute = route({
  operationId: 'editAdminApp',
  summary: "Change an app's catalogue entry (the fields sent; the rest keep their values)",
  method: 'PUT',
  path: '/api/admin/apps/:id',
  scope: 'app',
  tag: 'admin',
  encoding: 'json',
  params: idParamSchema,
  body: AdminAppFields.partial(),
  reply: nothing(),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'APP_CODE_TAKEN', 'APP_CODE_IN_USE'],
});

export const retireAdminAppRoute = route({
  operationId: 'retireAdminApp',
  summary: 'Retire an app (or put a retired one back with retired=false)',
  method: 'POST',
  path: '/api/admin/apps/:id/retire',
  scope: 'app',
  tag: 'admin',
  encoding: 'json',
  params: idParamSchema,
  body: z.object({ retired: z.boolean() }),
  reply: nothing(),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'APP_HAS_OPEN_PROCESSES'],
});

export const reorderAdminAppsRoute = route({
  operationId: 'reorderRecommendedApps',
  summary: 'Set the recommended apps and their order (first ranks highest)',
  method: 'PUT',
  path: '/api/admin/recommended',
  scope: 'app',
  tag: 'admin',
  encoding: 'json',
  body: z.object({ ids: z.array(z.string().max(80)).max(500) }),
  reply: nothing(),
  errors: ['FORBIDDEN'],
});

/** An uploaded image: its address for <img>, type and size. */
export const StoredImage = z.object({ url: z.string(), type: z.string(), size: z.number().int() });
export type StoredImage = z.infer<typeof StoredImage>;

export const uploadImageRoute = route({
  operationId: 'uploadAdminImage',
  summary:
    'Upload an icon (PNG or SVG, 256 KB) or an enterprise image (PNG, JPEG or SVG, 2 MB), base64; checked by content, SVG sanitised',
  method: 'POST',
  path: '/api/admin/images',
  scope: 'app',
  tag: 'admin',
  encoding: 'json',
  body: z.object({ purpose: z.enum(['icon', 'picture']), data: z.string() }),
  reply: oneOf(StoredImage),
  errors: ['FORBIDDEN', 'IMAGE_UNSAFE'],
});
