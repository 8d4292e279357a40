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
  operationId: 'getAdminMe', summary: 'My administration role and the apps I administer',
  method: 'GET', path: '/api/admin/me', scope: 'app', tag: 'admin',
  reply: oneOf(AdminMe), errors: ['FORBIDDEN'],
});
