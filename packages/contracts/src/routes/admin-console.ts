import { z } from 'zod';

import { oneOf } from '../envelope.ts';
import { route } from './route.ts';

/** What the administration console shows its caller: which role they hold and the apps they administer. */
export const AdminMe = z.object({
  /** A system administrator sees every console page; an app administrator only their apps' pages. */
  systemAdmin: z.boolean(),
  apps: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
});
export type AdminMe = z.infer<typeof AdminMe>;

/**
 * The console's first call (docs/product.md, "Administration console"): the web app asks it before downloading the
 * console, so a member who administers nothing gets 403 and never loads the console's code.
 */
export const adminMeRoute = route({
  operationId: 'getAdminMe',
  summary: 'My administration role and the apps I administer',
  method: 'GET',
  path: '/api/admin/me',
  scope: 'app',
  tag: 'admin',
  reply: oneOf(AdminMe),
  errors: ['FORBIDDEN'],
});

/** A thing the console's pickers offer: its stable key and its names (the picker shows the UI language's). */
const Choice = z.object({ value: z.string(), name: z.string(), nameEn: z.string() });

/**
 * What the console's pickers choose from (app visibility, an app's system, a department's parent): roles,
 * departments (with their parent, for the tree) and systems. Names only, no members or secrets, so an app
 * administrator — who may set who sees their app — may read them too.
 */
export const AdminChoices = z.object({
  roles: z.array(Choice),
  departments: z.array(Choice.extend({ parent: z.string().nullable() })),
  systems: z.array(Choice),
});
export type AdminChoices = z.infer<typeof AdminChoices>;

export const adminChoicesRoute = route({
  operationId: 'getAdminChoices',
  summary: 'Roles, departments and systems the console\u2019s pickers offer (any administrator)',
  method: 'GET',
  path: '/api/admin/choices',
  scope: 'app',
  tag: 'admin',
  reply: oneOf(AdminChoices),
  errors: ['FORBIDDEN'],
});
