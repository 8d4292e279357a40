import { lazy, type ComponentType } from 'react';

import { withChunkRecovery } from '../../../lib/routing/chunk-recovery.ts';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(withChunkRecovery(load));

/**
 * The component of each console page (keys of console-nav.ts), each its own chunk so the rich-text editor or the
 * image cropper downloads only on the page that uses it.
 */
export const CONSOLE_PAGES: Record<string, ComponentType> = {
  catalogue: page(() => import('../catalogue/catalogue-page.tsx')),
  guides: page(() => import('../guides/guides-page.tsx')),
  look: page(() => import('../look/look-page.tsx')),
  users: page(() => import('../people/users-page.tsx')),
  departments: page(() => import('../people/departments-page.tsx')),
  roles: page(() => import('../people/roles-page.tsx')),
  import: page(() => import('../people/import-page.tsx')),
  processes: page(() => import('../processes/processes-page.tsx')),
  integrations: page(() => import('../integrations/integrations-page.tsx')),
  definitions: page(() => import('../definitions/definitions-page.tsx')),
  audit: page(() => import('../audit/audit-page.tsx')),
};
