import { lazy, type ComponentType } from 'react';
import { withChunkRecovery } from '../../../lib/chunk-recovery.ts';
import { SlotPage } from './slot-page.tsx';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(withChunkRecovery(load));
const slot = (key: string) => function Slot() { return <SlotPage titleKey={key} />; };

/**
 * The component of each console page (keys of console-nav.ts), each its own chunk so the rich-text editor or the
 * image cropper downloads only on the page that uses it. Slots: replace `slot('…')` with the page's import.
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
  integrations: slot('integrations'),
  definitions: slot('definitions'),
  audit: page(() => import('../audit/audit-page.tsx')),
};
